import Foundation
import Testing

@testable import NetsnapModel

@Suite struct MessageStreamFolderTests {
    @Test func streamFoldsToTheDocumentsSnapshot() throws {
        let document = try SnapshotDecoder.decode(try FixtureLoader.bytes("spec-example.json"))
        let folded = try MessageStreamFolder.fold(try FixtureLoader.bytes("spec-example.jsonl"))
        #expect(folded.status == document.status, "the latest statusUpdate wins")
        #expect(folded.targets == document.targets)
        #expect(folded.devices == document.devices)
        #expect(folded.schemaVersion == 1)
        #expect(folded.source?.kind == .mac)
        #expect(folded.generatedAt == document.status.updatedAt)
    }

    @Test func streamWithoutStatusIsRefused() throws {
        let stream = #"{"type":"targetUpdate","payload":[]}"#
        #expect(throws: SnapshotError(issues: [SnapshotIssue(location: "", message: "no statusUpdate message in stream")])) {
            try MessageStreamFolder.fold(Array(stream.utf8))
        }
    }

    @Test func targetsAndDevicesAreEmptyUntilTheirFirstMessage() throws {
        let stream = #"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:30:00Z"}}"#
        let snapshot = try MessageStreamFolder.fold(Array(stream.utf8))
        #expect(snapshot.targets.isEmpty && snapshot.devices.isEmpty)
        #expect(snapshot.status.connectionType == .ethernet)
    }

    @Test func payloadIssuesNameTheLineAndPayloadPath() throws {
        let stream = """
            {"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:30:00Z"}}
            {"type":"deviceUpdate","payload":[{"id":"0F2C4D8E-9B1A-4E7F-8C3D-2A5B6C7D8E90","ipAddress":"10.0.0.2","macAddress":"zz:11","status":"active","firstSeen":"2026-11-21T10:30:00Z","lastSeen":"2026-11-21T10:30:00Z"}]}
            {"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:30:00Z"
            """
        do {
            _ = try MessageStreamFolder.fold(Array(stream.utf8))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.issues.map(\.location) == ["line 2: payload[0].macAddress", "line 3, column 97"])
        }
    }

    @Test func liveFolderSkipsABadLineAndKeepsGoing() {
        var folder = MessageStreamFolder()
        let good = #"{"type":"statusUpdate","payload":{"connectionType":"wifi","ssid":"A","updatedAt":"2026-11-21T10:30:00Z"}}"#
        let bad =
            #"{"type":"statusUpdate","payload":{"connectionType":"wifi","ssid":"B","signalDBm":9,"updatedAt":"2026-11-21T10:31:00Z"}}"#
        #expect(folder.consume(line: Array(good.utf8)).isEmpty)
        #expect(folder.consume(line: Array(bad.utf8)).map(\.location) == ["line 2: payload.signalDBm"])
        #expect(folder.snapshot?.status.ssid == "A", "a malformed message changes nothing")
        #expect(folder.consume(line: Array("not json".utf8)).first?.location == "line 3, column 1")
        #expect(folder.snapshot?.status.ssid == "A")
    }
}
