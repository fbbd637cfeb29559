import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

/// LLDP for real: two network namespaces joined by a veth pair, Debian's `lldpd` in each
/// (each with its own control socket, bound to the lab's interface only, reading no
/// configuration file, so neither meets the host's), one announcing itself as a switch. The
/// gatherer, run by the lab runner in the other namespace, reads its lldpd and finds the
/// switch among the devices as wired network gear. Needs root; skipped elsewhere.
@Suite(.serialized, .enabled(if: NamespaceLab.isPermitted, "needs root and ip netns: run the tests as root to include them"))
struct LLDPLabTests {
    /// The host's side and the switch's, torn down (daemons and all) whatever the test does.
    final class Wire {
        let prefix = "ld" + String(UInt32.random(in: 0...0xFFFFF), radix: 16)
        let directory: String
        var host: String { "\(prefix)-h" }
        var gear: String { "\(prefix)-g" }
        func socket(_ namespace: String) -> String { "\(directory)/\(namespace).socket" }

        init() throws {
            directory = NSTemporaryDirectory() + "netsnap-\(prefix)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let steps = [
                ["ip", "netns", "add", host], ["ip", "netns", "add", gear],
                ["ip", "link", "add", "\(prefix)h", "netns", host, "type", "veth", "peer", "name", "\(prefix)g", "netns", gear],
                ["ip", "-n", host, "addr", "add", "10.91.0.1/24", "dev", "\(prefix)h"],
                ["ip", "-n", gear, "addr", "add", "10.91.0.2/24", "dev", "\(prefix)g"],
                ["ip", "-n", host, "link", "set", "\(prefix)h", "up"], ["ip", "-n", gear, "link", "set", "\(prefix)g", "up"],
                // Foundation's Process needs a loopback to notice a child's exit.
                ["ip", "-n", host, "link", "set", "lo", "up"], ["ip", "-n", gear, "link", "set", "lo", "up"],
            ]
            for step in steps {
                let result = NamespaceLab.shell(step)
                guard result.status == 0 else { throw NamespaceLab.LabError(message: "\(step.joined(separator: " ")): \(result.error)") }
            }
        }

        deinit {
            for namespace in [host, gear] {
                let pids = NamespaceLab.shell(["ip", "netns", "pids", namespace]).output.split(separator: "\n").map(String.init)
                if !pids.isEmpty { _ = NamespaceLab.shell(["kill", "-9"] + pids) }
                _ = NamespaceLab.shell(["ip", "netns", "del", namespace])
            }
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// lldpd in `namespace`, in the foreground in the background (the teardown kills it),
        /// on the lab's interface only, announcing `address` for management.
        func startLLDPD(in namespace: String, interface: String, address: String) throws {
            let command =
                "ip netns exec \(namespace) lldpd -d -u \(socket(namespace)) -I \(interface) -O /dev/null -m \(address)"
                + " >\(directory)/\(namespace).log 2>&1 &"
            let started = NamespaceLab.shell(["/bin/sh", "-c", command])
            guard started.status == 0 else { throw NamespaceLab.LabError(message: "lldpd: \(started.error)") }
            try wait("lldpd's socket in \(namespace)") { FileManager.default.fileExists(atPath: self.socket(namespace)) }
        }

        func lldpcli(_ namespace: String, _ arguments: [String]) -> (status: Int32, output: String, error: String) {
            NamespaceLab.shell(["ip", "netns", "exec", namespace, "lldpcli", "-u", socket(namespace)] + arguments)
        }

        /// Some traffic from the host's side to the switch's address (a TCP connection it refuses),
        /// so the host's neighbour table learns the switch's MAC as it would from any traffic.
        func reach() throws {
            let knock = "import socket; s = socket.socket(); s.settimeout(2); s.connect_ex(('10.91.0.2', 9))"
            _ = NamespaceLab.shell(["ip", "netns", "exec", host, "python3", "-c", knock])
            try wait("neighbour entry for the switch") {
                NamespaceLab.shell(["ip", "-n", host, "neigh", "show", "10.91.0.2"]).output.contains("lladdr")
            }
        }

        func wait(_ what: String, seconds: Double = 15, until done: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if done() { return }
                Thread.sleep(forTimeInterval: 0.2)
            }
            throw NamespaceLab.LabError(message: "no \(what) within \(Int(seconds)) s")
        }
    }

    @Test func theGathererFindsTheSwitchItIsPluggedIntoAsWiredNetworkGear() throws {
        #expect(NamespaceLab.locate("lldpd") != nil, "lldpd is missing: bash scripts/setup.sh installs it")
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        let wire = try Wire()
        try wire.startLLDPD(in: wire.gear, interface: "\(wire.prefix)g", address: "10.91.0.2")
        try wire.startLLDPD(in: wire.host, interface: "\(wire.prefix)h", address: "10.91.0.1")
        for step in [
            ["configure", "system", "hostname", "lab-switch"], ["configure", "system", "capabilities", "enabled", "bridge"], ["update"],
        ] {
            let result = wire.lldpcli(wire.gear, step)
            #expect(result.status == 0, "lldpcli \(step.joined(separator: " ")): \(result.error)")
        }
        try wire.wait("LLDP frame from the switch") {
            wire.lldpcli(wire.host, ["-f", "json0", "show", "neighbors"]).output.contains("lab-switch")
        }
        try wire.reach()
        let config = "\(wire.directory)/gather.json"
        try #"{"paths": {"leases": [], "oui": [], "lldpSocket": "\#(wire.socket(wire.host))"}}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let run = NamespaceLab.shell(["ip", "netns", "exec", wire.host, runner, "gather", config, "--verbose"])
        #expect(run.status == 0, "\(run.error)")
        let snapshot = try SnapshotDecoder.decode(Array(run.output.utf8))
        let found = try #require(snapshot.devices.first { $0.ipAddress == IPAddress("10.91.0.2") }, "\(run.output)\n\(run.error)")
        #expect(found.connection == .wired)
        #expect(found.deviceType == .router)
        #expect(run.error.contains("LLDP neighbours (1): lab-switch on \(wire.prefix)h (network gear)"), "\(run.error)")
        print("LLDP lab: the gatherer in \(wire.host) saw \(found.ipAddress?.text ?? "?") as a wired \(found.deviceType.rawValue)")
    }

    @Test func withoutLLDPDTheConnectionIsNotKnownAndTheGatherGoesOn() throws {
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        let wire = try Wire()
        try wire.reach()
        let config = "\(wire.directory)/gather.json"
        try #"{"paths": {"leases": [], "oui": [], "lldpSocket": "\#(wire.directory)/none.socket", "lldpcli": "/nonexistent/lldpcli"}}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let run = NamespaceLab.shell(["ip", "netns", "exec", wire.host, runner, "gather", config, "--verbose"])
        #expect(run.status == 0, "\(run.error)")
        let snapshot = try SnapshotDecoder.decode(Array(run.output.utf8))
        let found = try #require(snapshot.devices.first { $0.ipAddress == IPAddress("10.91.0.2") })
        #expect(found.connection == nil)
        #expect(run.error.contains("LLDP neighbours not known: /nonexistent/lldpcli not found"), "\(run.error)")
        #expect(!run.error.contains("note: LLDP"), "a missing tool is no note, only a debug line")
    }
}
