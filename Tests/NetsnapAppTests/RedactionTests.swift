import Foundation
import Logging
import NetsnapHistory
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapApp
@testable import NetsnapConfiguration
@testable import NetsnapRender
@testable import NetsnapServer
@testable import NetsnapWatch

@Suite struct RedactionTests {
    /// Every MAC, device IP, hostname and the public IP of the input.
    static func secrets(of snapshot: Snapshot) -> [String] {
        var secrets = [snapshot.status.publicIP?.text, snapshot.status.gatewayMAC?.text, snapshot.status.bssid?.text]
        secrets += snapshot.devices.flatMap { [$0.ipAddress?.text, $0.macAddress?.text, $0.hostname] }
        let found = secrets.compactMap { $0 }
        // MACs in upper case or with dashes must not appear either.
        return found + found.filter { MACAddress($0) != nil }.flatMap { [$0.uppercased(), $0.replacingOccurrences(of: ":", with: "-")] }
    }

    @Test func redactedOutputsHoldNoSecretOfTheInput() throws {
        var configuration = Configuration()
        configuration.render.redact = true
        let snapshot = SampleSnapshot.snapshot
        let files = try OutputRenderer.make(settings: configuration.render).render(snapshot, now: snapshot.generatedAt)
        let secrets = Self.secrets(of: snapshot)
        #expect(secrets.count > 40)
        #expect(!files.isEmpty)
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for secret in secrets {
                #expect(!text.contains(secret), "\(file.path) leaks \(secret)")
            }
        }
    }

    @Test func customNamesStayAndDisplayNamesFallBackWithoutSecrets() {
        let redacted = SampleSnapshot.snapshot.redacted()
        #expect(redacted.devices.contains { $0.displayName == "Anna's iPhone" })
        let unnamed = redacted.devices.first { $0.customName == nil && $0.vendor == "Apple" }
        #expect(unnamed?.displayName == "Apple")
        #expect(redacted.devices.allSatisfy { $0.ipAddress == nil && $0.macAddress == nil && $0.hostname == nil })
        #expect(redacted.status.publicIP == nil)
    }

    @Test func targetsOnLocalAddressesAreHiddenButPublicOnesStay() {
        let redacted = SampleSnapshot.snapshot.redacted()
        #expect(redacted.targets.first { $0.name == "NAS" }?.host == Snapshot.redactedText)
        #expect(redacted.targets.first { $0.name == "Cloudflare DNS" }?.host == "1.1.1.1")
    }

    @Test func unredactedOutputsDoShowThem() throws {
        let snapshot = SampleSnapshot.snapshot
        let files = try OutputRenderer.make(settings: Configuration().render).render(snapshot, now: snapshot.generatedAt)
        let all = files.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        #expect(all.contains("203.0.113.7"), "the test above would pass vacuously otherwise")
    }
}

@Suite struct TargetHostRedactionTests {
    @Test(arguments: ["203.0.113.7", "NAS.LAN", "http://nas.lan:5000/", "https://[fd00::5]:8443/x", "192.168.1.23"])
    func hostsThatNameThisNetworkAreHidden(_ host: String) {
        var snapshot = SampleSnapshot.snapshot
        snapshot.devices[1].hostname = "nas.lan"
        snapshot.targets[0].host = host
        #expect(snapshot.redacted().targets[0].host == Snapshot.redactedText, "\(host)")
    }

    @Test func publicHostsStay() {
        var snapshot = SampleSnapshot.snapshot
        snapshot.targets[0].host = "https://www.example.com/health"
        #expect(snapshot.redacted().targets[0].host == "https://www.example.com/health")
    }
}

@Suite struct RedactedWatchTests {
    @Test func eventFeedsLeakNothingWhenRedacted() async throws {
        let root = try TemporaryFolder.make("redact")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = Configuration()
        configuration.render.outputDirectory = root + "/out"
        configuration.render.redact = true
        configuration.watch.failuresBeforeEvent = 1
        configuration.render.tiles.enabled = false
        let history = try HistoryStore(path: root + "/history.sqlite")
        var first = SampleSnapshot.snapshot
        let newcomer = first.devices.removeLast()
        var second = SampleSnapshot.snapshot.redated(to: first.generatedAt.addingTimeInterval(60))
        second.targets[1].isOnline = false
        let renderer = try OutputRenderer.make(settings: configuration.render)
        for snapshot in [first, second] {
            let cycle = WatchCycle(renderer: renderer, input: .producer { snapshot }, history: history, settings: configuration.watch)
            _ = try await cycle.run(logger: Logger(label: "test"))
        }
        let feed = try String(contentsOfFile: root + "/out/feed.json", encoding: .utf8)
        #expect(feed.contains("New device"), "the scenario produced a device event")
        #expect(feed.contains("NAS is down"))
        let secrets = RedactionTests.secrets(of: SampleSnapshot.snapshot) + [newcomer.macAddress!.text]
        let names = try FileManager.default.subpathsOfDirectory(atPath: root + "/out")
        #expect(names.contains("badges/nas.json"), "the per-target badges are checked too")
        // Every file, the hidden widget state for `serve` included.
        for name in names where !name.hasSuffix(".png") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/out/" + name, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            let text = try String(contentsOfFile: root + "/out/" + name, encoding: .utf8)
            for secret in secrets { #expect(!text.contains(secret), "\(name) leaks \(secret)") }
        }
    }
}
