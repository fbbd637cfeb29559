import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

/// The line's speed measured for real: an `iperf3 -s` in a namespace of its own behind a veth
/// pair whose two ends `tc tbf` limits (this kernel has no netem), and the gatherer's speed
/// measurement run in the other namespace by the lab runner. Needs root; skipped elsewhere.
@Suite(.serialized, .enabled(if: NamespaceLab.isPermitted, "needs root and ip netns: run the tests as root to include them"))
struct SpeedLabTests {
    /// Two namespaces joined by a veth pair, torn down whatever the test does.
    final class Line {
        let prefix = "sp" + String(UInt32.random(in: 0...0xFFFFF), radix: 16)
        let directory: String
        var client: String { "\(prefix)-c" }
        var server: String { "\(prefix)-s" }

        init(downloadMbit: Int, uploadMbit: Int) throws {
            directory = NSTemporaryDirectory() + "netsnap-\(prefix)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let steps = [
                ["ip", "netns", "add", client], ["ip", "netns", "add", server],
                ["ip", "link", "add", "\(prefix)c", "netns", client, "type", "veth", "peer", "name", "\(prefix)s", "netns", server],
                ["ip", "-n", client, "addr", "add", "10.89.0.1/24", "dev", "\(prefix)c"],
                ["ip", "-n", server, "addr", "add", "10.89.0.2/24", "dev", "\(prefix)s"],
                ["ip", "-n", client, "link", "set", "\(prefix)c", "up"], ["ip", "-n", server, "link", "set", "\(prefix)s", "up"],
                // Foundation's Process needs a loopback to notice a child's exit.
                ["ip", "-n", client, "link", "set", "lo", "up"], ["ip", "-n", server, "link", "set", "lo", "up"],
                // What leaves the server is the download; what leaves the client, the upload.
                [
                    "ip", "netns", "exec", server, "tc", "qdisc", "add", "dev", "\(prefix)s", "root", "tbf", "rate", "\(downloadMbit)mbit",
                    "burst", "64kb", "latency", "100ms",
                ],
                [
                    "ip", "netns", "exec", client, "tc", "qdisc", "add", "dev", "\(prefix)c", "root", "tbf", "rate", "\(uploadMbit)mbit",
                    "burst", "32kb", "latency", "100ms",
                ],
            ]
            for step in steps {
                let result = NamespaceLab.shell(step)
                guard result.status == 0 else { throw NamespaceLab.LabError(message: "\(step.joined(separator: " ")): \(result.error)") }
            }
        }

        deinit {
            for namespace in [client, server] {
                let pids = NamespaceLab.shell(["ip", "netns", "pids", namespace]).output.split(separator: "\n").map(String.init)
                if !pids.isEmpty { _ = NamespaceLab.shell(["kill", "-9"] + pids) }
                _ = NamespaceLab.shell(["ip", "netns", "del", namespace])
            }
            try? FileManager.default.removeItem(atPath: directory)
        }

        func startServer() throws {
            // In the background, not `-D`: iperf3's daemon(3) fails without a terminal here and
            // there ("unable to become a daemon: No such device"). The lab's teardown kills it.
            let started = NamespaceLab.shell([
                "/bin/sh", "-c", "ip netns exec \(server) iperf3 -s -B 10.89.0.2 >\(directory)/iperf3.log 2>&1 &",
            ])
            guard started.status == 0 else { throw NamespaceLab.LabError(message: "iperf3 -s: \(started.error)") }
            // It listens a moment after it starts: wait (on a loaded machine, a while) until it does.
            for _ in 0..<100 {
                let listening = NamespaceLab.shell(["ip", "netns", "exec", server, "ss", "-Hltn", "sport", "=", ":5201"])
                if listening.output.contains("5201") { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            throw NamespaceLab.LabError(message: "iperf3 -s did not listen within 10 s")
        }

        /// The lab runner's one measurement from the client's side, and how long it took.
        func measure(_ config: String) throws -> (result: SpeedResult?, error: String, seconds: Double) {
            let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
            let path = "\(directory)/speed.json"
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            let start = Date()
            let run = NamespaceLab.shell(["ip", "netns", "exec", client, runner, "speed", path])
            let seconds = Date().timeIntervalSince(start)
            let result = run.status == 0 ? (try? JSONParser.parse(Array(run.output.utf8))).flatMap(SnapshotDecoder.decodeSpeed) : nil
            return (result, run.error, seconds)
        }
    }

    @Test func iperf3MeasuresTheLimitedLineWithinATenthOfItsRates() throws {
        #expect(NamespaceLab.locate("iperf3") != nil, "iperf3 is missing: bash scripts/setup.sh installs it")
        let line = try Line(downloadMbit: 40, uploadMbit: 12)
        try line.startServer()
        let run = try line.measure(#"{"iperf3": "10.89.0.2", "seconds": 4}"#)
        let result = try #require(run.result, "no result: \(run.error)")
        let download = try #require(result.downloadMbps)
        let upload = try #require(result.uploadMbps)
        print(
            "speed lab: \(download) Mbps down (limit 40), \(upload) Mbps up (limit 12), latency \(result.latencyMs ?? -1) ms, "
                + "jitter \(result.jitterMs ?? -1) ms; the run moved \(Int(result.bytesUsed ?? 0)) bytes in \(run.seconds) s")
        #expect((36...44).contains(download))
        #expect((10.8...13.2).contains(upload))
        #expect(result.tool == "iperf3" && result.server == "10.89.0.2")
        #expect((result.latencyMs ?? 0) > 0 && result.jitterMs != nil)
        // Both directions, four seconds each, at about their rates: what a run costs the line.
        let expectedBytes = (40.0 + 12.0) * 1_000_000 / 8 * 4
        #expect((expectedBytes * 0.8...expectedBytes * 1.1).contains(result.bytesUsed ?? 0))
        #expect(run.seconds < 15)
    }

    @Test func aServerThatIsNotThereGivesNoResultAndSaysWhy() throws {
        let line = try Line(downloadMbit: 40, uploadMbit: 12)
        let run = try line.measure(#"{"iperf3": "10.89.0.2", "seconds": 1, "timeout": 10}"#)
        #expect(run.result == nil)
        #expect(run.error.contains("unable to connect to server"), "\(run.error)")
    }
}
