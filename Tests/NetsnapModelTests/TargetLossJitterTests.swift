import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// `targets[].lossPercent` and `.jitterMs`: optional, bounded (a share 0–100, a duration
/// ≥ 0), written back as read, and carried by the message stream as by a document.
@Suite struct TargetLossJitterTests {
    private static let target =
        #"{"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01", "name": "NAS", "host": "192.168.1.10", "protocol": "icmp", "#
        + #""currentLatency": 4.5, "isOnline": true, "lastChecked": "2026-11-21T10:42:01Z""#

    private func document(_ target: String) -> [UInt8] {
        Array(
            (#"{"schemaVersion": 1, "generatedAt": "2026-11-21T10:42:07Z", "status": {"connectionType": "wifi", "#
                + #""updatedAt": "2026-11-21T10:42:07Z"}, "targets": ["# + target + "]}").utf8)
    }

    @Test func decodesAndWritesBackBoth() throws {
        let snapshot = try SnapshotDecoder.decode(document(Self.target + #", "lossPercent": 20, "jitterMs": 3.25}"#))
        let target = try #require(snapshot.targets.first)
        #expect(target.lossPercent == 20)
        #expect(target.jitterMs == 3.25)
        #expect(try SnapshotDecoder.decode(JSONWriter.bytes(snapshot.jsonValue)) == snapshot)
        let written = String(decoding: JSONWriter.bytes(target.jsonValue, pretty: false), as: UTF8.self)
        #expect(written.contains(#""currentLatency":4.5,"lossPercent":20,"jitterMs":3.25,"#))
    }

    @Test func bothAreOptionalAndLeftOutWhenAbsentOrNull() throws {
        for text in [Self.target + "}", Self.target + #", "lossPercent": null, "jitterMs": null}"#] {
            let target = try #require(try SnapshotDecoder.decode(document(text)).targets.first)
            #expect(target.lossPercent == nil && target.jitterMs == nil)
            let written = String(decoding: JSONWriter.bytes(target.jsonValue, pretty: false), as: UTF8.self)
            #expect(!written.contains("lossPercent") && !written.contains("jitterMs"))
        }
    }

    @Test func theBoundsAreInclusive() throws {
        let text = Self.target + #", "lossPercent": 100, "jitterMs": 0}"#
        let target = try #require(try SnapshotDecoder.decode(document(text)).targets.first)
        #expect(target.lossPercent == 100 && target.jitterMs == 0)
    }

    @Test(arguments: [
        (#""lossPercent": 100.5"#, "targets[0].lossPercent", "expected a number 0…100, found 100.5"),
        (#""lossPercent": -1"#, "targets[0].lossPercent", "expected a number 0…100, found -1"),
        (#""lossPercent": "20%""#, "targets[0].lossPercent", #"expected a number 0…100, found "20%""#),
        (#""jitterMs": -0.5"#, "targets[0].jitterMs", "expected a finite number ≥ 0, found -0.5"),
        (#""jitterMs": true"#, "targets[0].jitterMs", "expected a finite number ≥ 0, found true"),
    ])
    func anOutOfRangeValueIsRefusedWithItsPath(member: String, location: String, message: String) {
        do {
            _ = try SnapshotDecoder.decode(document(Self.target + ", " + member + "}"))
            Issue.record("\(member) was accepted")
        } catch {
            #expect(error.issues == [SnapshotIssue(location: location, message: message)])
        }
    }

    @Test func theMessageStreamCarriesThem() throws {
        let stream =
            #"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:30:00Z"}}"# + "\n"
            + #"{"type":"targetUpdate","payload":["# + Self.target + #", "lossPercent": 40, "jitterMs": 12.5}]}"#
        let target = try #require(try MessageStreamFolder.fold(Array(stream.utf8)).targets.first)
        #expect(target.lossPercent == 40)
        #expect(target.jitterMs == 12.5)
    }
}
