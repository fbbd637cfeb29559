import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// `status.interfaceName`, `.linkSpeedMbps` and `.localIP`: optional additions to schema 1
/// for wired (and cellular) hosts, validated, written back as read, hidden by redaction.
@Suite struct WiredLinkTests {
    private func document(_ status: String) -> [UInt8] {
        Array(
            (#"{"schemaVersion": 1, "generatedAt": "2026-11-21T10:42:07Z", "status": {"connectionType": "ethernet", "#
                + #""updatedAt": "2026-11-21T10:42:07Z""# + status + "}}").utf8)
    }

    @Test func theWiredFixtureDecodesAndWritesBack() throws {
        let snapshot = try SnapshotDecoder.decode(FixtureLoader.bytes("wired-host.json"))
        #expect(snapshot.schemaVersion == 1)
        #expect(snapshot.status.connectionType == .ethernet)
        #expect(snapshot.status.interfaceName == "eth0")
        #expect(snapshot.status.linkSpeedMbps == 1000)
        #expect(snapshot.status.localIP == IPAddress("192.168.1.5"))
        #expect(snapshot.status.ssid == nil && snapshot.status.signalDBm == nil)
        let again = try SnapshotDecoder.decode(JSONWriter.bytes(snapshot.jsonValue))
        #expect(again == snapshot)
    }

    @Test func allThreeAreOptionalAndLeftOutWhenAbsent() throws {
        let snapshot = try SnapshotDecoder.decode(document(""))
        #expect(snapshot.status.interfaceName == nil && snapshot.status.linkSpeedMbps == nil && snapshot.status.localIP == nil)
        let written = String(decoding: JSONWriter.bytes(snapshot.jsonValue, pretty: false), as: UTF8.self)
        #expect(!written.contains("interfaceName") && !written.contains("linkSpeedMbps") && !written.contains("localIP"))
    }

    @Test func badValuesAreRefusedWithTheirPath() {
        for (extra, location) in [
            (#", "linkSpeedMbps": 0"#, "status.linkSpeedMbps"), (#", "linkSpeedMbps": 2.5"#, "status.linkSpeedMbps"),
            (#", "linkSpeedMbps": "1000""#, "status.linkSpeedMbps"), (#", "localIP": "192.168.1.300""#, "status.localIP"),
            (#", "interfaceName": ""# + String(repeating: "e", count: 65) + #"""#, "status.interfaceName"),
        ] {
            do {
                _ = try SnapshotDecoder.decode(document(extra))
                Issue.record("\(extra) was accepted")
            } catch {
                #expect(error.issues.map(\.location) == [location])
            }
        }
    }

    @Test func redactionHidesTheHostsOwnAddressAndTargetsNamingIt() throws {
        var snapshot = try SnapshotDecoder.decode(FixtureLoader.bytes("wired-host.json"))
        snapshot.targets[0].host = "192.168.1.5"
        let redacted = snapshot.redacted()
        #expect(redacted.status.localIP == nil)
        #expect(redacted.status.interfaceName == "eth0" && redacted.status.linkSpeedMbps == 1000)
        #expect(redacted.targets[0].host == Snapshot.redactedText)
    }
}
