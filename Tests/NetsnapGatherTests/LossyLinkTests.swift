import Foundation
import NetsnapModel
import Testing

/// Loss and jitter measured against far ends that lose and delay echoes by a known law.
/// This kernel has no sch_netem, so the far end is `Lab/lossy_echo.py`, answering echoes
/// itself in the lab's sink namespace (whose kernel ignores them): it drops a set share
/// evenly and delays each answer uniformly by mean ± spread. Needs root; skipped elsewhere.
@Suite(
    .serialized,
    .enabled(if: NamespaceLab.isPermitted, "needs root, ip netns, python3 and openssl: run the tests as root to include them"))
struct LossyLinkTests {
    /// What one far end was set to.
    struct FarEnd {
        let address: String
        let lossPercent: Double
        let meanMs: Double
        let spreadMs: Double
    }

    static let responder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lab/lossy_echo.py").path
    /// Python's scheduling, the veths and the gatherer's event loop add this much at most to
    /// a round trip on an idle machine; generous, as the machine is shared.
    static let overheadMs = 8.0

    @Test func reportedLossJitterAndLatencyFallWithinWhatTheFarEndWasSetTo() throws {
        let lab = try NamespaceLab(many: 1)
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        let lossy = FarEnd(address: "10.77.0.241", lossPercent: 20, meanMs: 40, spreadMs: 20)
        let steady = FarEnd(address: "10.77.0.242", lossPercent: 50, meanMs: 10, spreadMs: 0)
        for (index, farEnd) in [lossy, steady].enumerated() { try start(farEnd, seed: 26 + index, in: lab) }
        let config = try lab.write(
            "lossy.json",
            """
            {"stateDirectory": "\(lab.workDirectory)/state", "paths": {"leases": [], "oui": []},
             "probes": {"timeout": 1, "retries": 0, "count": 5},
             "targets": [
              {"name": "lossy", "kind": "icmp", "host": "\(lossy.address)", "count": 30},
              {"name": "steady", "kind": "icmp", "host": "\(steady.address)", "count": 10},
              {"name": "kernel", "kind": "icmp", "host": "10.77.0.10"},
              {"name": "single", "kind": "icmp", "host": "10.77.0.10", "count": 1},
              {"name": "silent", "kind": "icmp", "host": "10.77.0.245"}
             ]}
            """)
        let result = lab.run(in: "client", [runner, "gather", config])
        #expect(result.status == 0, "\(result.error)")
        let targets = Dictionary(
            uniqueKeysWithValues: try SnapshotDecoder.decode(Array(result.output.utf8)).targets.map { ($0.name, $0) })
        for name in ["lossy", "steady", "kernel", "single", "silent"] {
            let target = targets[name]
            print(
                "\(name): latency \(target?.currentLatency.map { "\($0)" } ?? "-") ms, loss \(target?.lossPercent.map { "\($0)" } ?? "-") %, "
                    + "jitter \(target?.jitterMs.map { "\($0)" } ?? "-") ms")
        }

        let measured = try #require(targets["lossy"])
        check(measured, against: lossy, echoes: 30)
        // Two uniform delays on a width of 2 × spread differ by a third of the width on average.
        let expectedJitter = 2 * lossy.spreadMs / 3
        #expect((expectedJitter * 0.5...expectedJitter * 1.5).contains(measured.jitterMs ?? -1), "lossy jitter")

        // Against what the far end actually did, from its log: the loss exactly, the latency no
        // less than its delays and no more than the overhead above them, the jitter close.
        let done = try farEndLog(lossy, in: lab)
        print(
            "lossy far end: \(done.lost) of \(done.delays.count + done.lost) dropped, delays mean \(done.mean) ms, jitter \(done.jitter) ms"
        )
        #expect(measured.lossPercent == (Double(done.lost) * 100 / Double(done.delays.count + done.lost) * 1000).rounded() / 1000)
        #expect((done.mean...(done.mean + Self.overheadMs)).contains(measured.currentLatency ?? -1), "lossy latency vs far end")
        #expect(abs((measured.jitterMs ?? -1) - done.jitter) <= Self.overheadMs / 2, "lossy jitter vs far end")

        let flat = try #require(targets["steady"])
        check(flat, against: steady, echoes: 10)
        #expect((flat.jitterMs ?? -1) < Self.overheadMs, "a fixed delay has next to no jitter")

        // The kernel answers every echo, at once; the default count of 5 applies.
        #expect(targets["kernel"]?.lossPercent == 0)
        #expect((targets["kernel"]?.jitterMs ?? -1) < Self.overheadMs)
        // One echo per check gives neither figure: 0 or 100 % says nothing a state does not.
        #expect(targets["single"]?.isOnline == true)
        #expect(targets["single"]?.lossPercent == nil && targets["single"]?.jitterMs == nil)
        // Nobody answers: down, everything lost, nothing to vary.
        #expect(targets["silent"]?.isOnline == false)
        #expect(targets["silent"]?.lossPercent == 100 && targets["silent"]?.jitterMs == nil)
    }

    /// Loss exactly as set (the far end drops evenly, the veths drop nothing); every round trip
    /// within mean ± spread, so their mean is too, and near the set mean.
    private func check(_ target: MonitoringTarget, against farEnd: FarEnd, echoes: Int) {
        #expect(target.isOnline, "\(target.name)")
        #expect(target.lossPercent == farEnd.lossPercent, "\(target.name) loss")
        let latency = target.currentLatency ?? -1
        let bounds = (farEnd.meanMs - farEnd.spreadMs)...(farEnd.meanMs + farEnd.spreadMs + Self.overheadMs)
        #expect(bounds.contains(latency), "\(target.name) latency \(latency) outside \(bounds)")
        // The mean of n uniform delays strays from the set mean by spread / √(3n) typically; the
        // far end's own answering time adds up to the overhead on top (a fixed 10 ms delay
        // measured 14.05 ms once on a busy machine, past the half overhead this allowed before).
        let answered = Double(echoes) * (1 - farEnd.lossPercent / 100)
        let typical = farEnd.spreadMs / (3 * answered).squareRoot()
        #expect(abs(latency - farEnd.meanMs) <= 4 * typical + Self.overheadMs, "\(target.name) mean latency \(latency)")
        #expect((0...(2 * farEnd.spreadMs + Self.overheadMs)).contains(target.jitterMs ?? -1), "\(target.name) jitter")
    }

    /// What a far end did, from its log: the echoes it dropped, the delay of each it answered
    /// in order, their mean and the mean difference between consecutive ones.
    private func farEndLog(_ farEnd: FarEnd, in lab: NamespaceLab) throws -> (lost: Int, delays: [Double], mean: Double, jitter: Double) {
        let lines = try String(contentsOfFile: "\(lab.workDirectory)/echo-\(farEnd.address).log", encoding: .utf8).split(separator: "\n")
        let lost = lines.filter { $0.hasPrefix("drop ") }.count
        let delays = lines.filter { $0.hasPrefix("reply ") }.compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
        let differences = zip(delays, delays.dropFirst()).map { abs($1 - $0) }
        let mean = delays.reduce(0, +) / Double(max(1, delays.count))
        return (lost, delays, mean, differences.reduce(0, +) / Double(max(1, differences.count)))
    }

    /// Starts `farEnd`'s responder in the sink namespace and waits until it listens.
    private func start(_ farEnd: FarEnd, seed: Int, in lab: NamespaceLab) throws {
        let log = "\(lab.workDirectory)/echo-\(farEnd.address).log"
        let arguments = "\(farEnd.address) \(farEnd.lossPercent) \(farEnd.meanMs) \(farEnd.spreadMs) \(seed)"
        let command = "setsid python3 \(Self.responder) \(arguments) >\(log) 2>&1 </dev/null &"
        #expect(lab.run(in: "sink", ["/bin/bash", "-c", command]).status == 0)
        for _ in 0..<100 {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.hasPrefix("ready") { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw NamespaceLab.LabError(message: "lossy_echo.py did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
}
