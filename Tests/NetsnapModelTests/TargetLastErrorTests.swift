import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// `targets[].lastError` and `.lastErrorAt`: optional, bounded like a name, written back as
/// read, and carried by the message stream's `targetUpdate` as by a document.
@Suite struct TargetLastErrorTests {
    private static let down =
        #"{"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01", "name": "Office VPN", "host": "vpn.example.net", "protocol": "tcp", "#
        + #""isOnline": false, "lastChecked": "2026-11-21T10:42:01Z""#

    private func document(_ target: String) -> [UInt8] {
        Array(
            (#"{"schemaVersion": 1, "generatedAt": "2026-11-21T10:42:07Z", "status": {"connectionType": "wifi", "#
                + #""updatedAt": "2026-11-21T10:42:07Z"}, "targets": ["# + target + "]}").utf8)
    }

    @Test func decodesAndWritesBackTheReason() throws {
        let text = Self.down + #", "lastError": "connection refused", "lastErrorAt": "2026-11-21T10:41:58Z"}"#
        let snapshot = try SnapshotDecoder.decode(document(text))
        let target = try #require(snapshot.targets.first)
        #expect(target.lastError == "connection refused")
        #expect(target.lastErrorAt == RFC3339.parse("2026-11-21T10:41:58Z"))
        let again = try SnapshotDecoder.decode(JSONWriter.bytes(snapshot.jsonValue))
        #expect(again == snapshot)
        let written = String(decoding: JSONWriter.bytes(target.jsonValue, pretty: false), as: UTF8.self)
        #expect(written.contains(#""lastError":"connection refused","lastErrorAt":"2026-11-21T10:41:58Z""#))
    }

    @Test func bothAreOptionalAndLeftOutWhenAbsent() throws {
        let snapshot = try SnapshotDecoder.decode(document(Self.down + "}"))
        let target = try #require(snapshot.targets.first)
        #expect(target.lastError == nil && target.lastErrorAt == nil)
        let written = String(decoding: JSONWriter.bytes(target.jsonValue, pretty: false), as: UTF8.self)
        #expect(!written.contains("lastError"))
    }

    @Test func aReasonLongerThanANameOrAnUndatedTimeIsRefusedWithItsPath() {
        for (extra, location) in [
            (#", "lastError": ""# + String(repeating: "é", count: 257) + #"""#, "targets[0].lastError"),
            (#", "lastError": 7"#, "targets[0].lastError"), (#", "lastErrorAt": "yesterday""#, "targets[0].lastErrorAt"),
        ] {
            do {
                _ = try SnapshotDecoder.decode(document(Self.down + extra + "}"))
                Issue.record("\(location) was accepted")
            } catch {
                #expect(error.issues.map(\.location) == [location])
            }
        }
        #expect(
            (try? SnapshotDecoder.decode(document(Self.down + #", "lastError": ""# + String(repeating: "é", count: 256) + #""}"#))) != nil)
    }

    @Test func theMessageStreamCarriesThem() throws {
        let stream =
            #"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:30:00Z"}}"# + "\n"
            + #"{"type":"targetUpdate","payload":["# + Self.down
            + #", "lastError": "HTTP 500 (expected 200)", "lastErrorAt": "2026-11-21T10:29:58Z"}]}"#
        let target = try #require(try MessageStreamFolder.fold(Array(stream.utf8)).targets.first)
        #expect(target.lastError == "HTTP 500 (expected 200)")
        #expect(target.lastErrorAt == RFC3339.parse("2026-11-21T10:29:58Z"))
    }

    @Test func redactionHidesAHiddenHostInTheReasonToo() throws {
        var snapshot = try SnapshotDecoder.decode(document(Self.down + "}"))
        snapshot.targets[0].host = "192.168.1.10"
        snapshot.targets[0].lastError = "connect 192.168.1.10: No route to host"
        let redacted = snapshot.redacted()
        #expect(redacted.targets[0].host == Snapshot.redactedText)
        #expect(redacted.targets[0].lastError == "connect \(Snapshot.redactedText): No route to host")
    }
}
