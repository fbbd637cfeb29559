import Foundation
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapRender

@Suite struct RedactionTests {
    @Test func redactedOutputsHoldNoSecretOfTheInput() throws {
        var settings = RenderSettings()
        settings.redact = true
        let snapshot = SampleSnapshot.snapshot
        let files = try OutputRenderer.make(settings: settings).render(snapshot, now: snapshot.generatedAt)
        let secrets = RedactionSecrets.of(snapshot)
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
        let files = try OutputRenderer.make(settings: RenderSettings()).render(snapshot, now: snapshot.generatedAt)
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
