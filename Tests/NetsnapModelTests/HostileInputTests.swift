import Testing

@testable import NetsnapModel

@Suite struct HostileInputTests {
    func refusal(_ text: String) -> SnapshotError? {
        do {
            _ = try SnapshotDecoder.decode(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["1e300", "9223372036854775808", "1e19"])
    func hugeSchemaVersionIsRefusedNotACrash(_ version: String) {
        let error = refusal(#"{"schemaVersion": \#(version), "generatedAt": "2026-11-21T10:42:07Z"}"#)
        #expect(error?.issues.first?.message.contains("is newer than this netsnap understands (1)") == true)
    }

    @Test func hugeIntegersAreOutOfRangeNotACrash() {
        let error = refusal(
            #"{"schemaVersion": 1, "generatedAt": "2026-11-21T10:42:07Z", "status": {"connectionType": "wifi", "channel": -9223372036854775809, "signalDBm": 1e300, "updatedAt": "2026-11-21T10:42:07Z"}}"#
        )
        #expect(error?.issues.map(\.location) == ["status.signalDBm", "status.channel"])
    }

    @Test func addressWithAnEmbeddedNULIsRefused() {
        #expect(IPAddress("192.168.1.23\u{0}<b>") == nil)
        #expect(IPAddress("fe80::1\u{0}x") == nil)
    }

    @Test func byteOrderMarkDoesNotShiftColumns() {
        let withMark = refusal("\u{FEFF}{")
        let without = refusal("{")
        #expect(withMark?.issues.first?.location == without?.issues.first?.location)
        #expect(without?.issues.first?.location == "line 1, column 2")
    }

    @Test func streamIssuesAreCappedOverTheWholeStream() {
        let bad = String(repeating: "{broken\n", count: 500)
        do {
            _ = try MessageStreamFolder.fold(Array(bad.utf8))
            Issue.record("expected a refusal")
        } catch {
            #expect(error.issues.count == 101)
            #expect(error.issues.last?.message == "… and 400 more issues")
        }
    }
}
