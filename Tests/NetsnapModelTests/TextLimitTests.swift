import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// Every string field of the contract is bounded; longer text is refused with its path.
@Suite struct TextLimitTests {
    private static let status = #""connectionType": "wifi", "updatedAt": "2026-11-21T10:42:07Z""#

    private func document(status extra: String = "", targets: String = "[]", devices: String = "[]") -> [UInt8] {
        let text =
            #"{"schemaVersion": 1, "generatedAt": "2026-11-21T10:42:07Z", "status": {"#
            + Self.status + extra + #"}, "targets": "# + targets + #", "devices": "# + devices + "}"
        return Array(text.utf8)
    }

    private func issues(_ bytes: [UInt8]) -> [SnapshotIssue] {
        do {
            _ = try SnapshotDecoder.decode(bytes)
            return []
        } catch {
            return error.issues
        }
    }

    @Test func aTenMegabyteSSIDIsRefusedWithItsPath() {
        let huge = String(repeating: "A", count: 10 << 20)
        let found = issues(document(status: #", "ssid": ""# + huge + #"""#))
        #expect(found.map(\.location) == ["status.ssid"])
        #expect(found.first?.message == "expected a string of at most 32 bytes of UTF-8, found 10485760 bytes")
    }

    @Test func anSSIDIsMeasuredInBytesNotCharacters() throws {
        // Eight four-byte emoji are 32 bytes: the most an SSID holds.
        let fits = String(repeating: "📶", count: 8)
        #expect(issues(document(status: #", "ssid": ""# + fits + #"""#)).isEmpty)
        let found = issues(document(status: #", "ssid": ""# + fits + #"x""#))
        #expect(found.map(\.location) == ["status.ssid"])
        #expect(found.first?.message.hasSuffix("found 33 bytes") == true)
    }

    @Test func namesAreMeasuredInCharacters() {
        let fits = String(repeating: "é", count: 256)
        let target = { (name: String) in
            #"[{"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01", "name": ""# + name
                + #"", "host": "nas", "protocol": "icmp", "isOnline": true, "lastChecked": "2026-11-21T10:42:01Z"}]"#
        }
        #expect(issues(document(targets: target(fits))).isEmpty)
        let found = issues(document(targets: target(fits + "é")))
        #expect(found.map(\.location) == ["targets[0].name"])
        #expect(found.first?.message == "expected a non-empty string of at most 256 characters, found 257 characters")
    }

    @Test func everyStringFieldHasItsLimit() {
        let long = String(repeating: "x", count: 600)
        let statusFields = ["frequency", "securityType", "gatewayVendor", "ispName", "asn"]
        let status =
            statusFields.map { #", "\#($0)": "\#(long)""# }.joined()
            + #", "location": {"city": "\#(long)", "country": "\#(long)"}"#
        let target =
            #"[{"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01", "name": "NAS", "host": "\#(long)", "protocol": "icmp", "isOnline": true, "lastChecked": "2026-11-21T10:42:01Z"}]"#
        let device =
            #"[{"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A02", "ipAddress": "192.168.1.2", "macAddress": "3c:22:fb:aa:bb:cc", "hostname": "\#(long)", "vendor": "\#(long)", "customName": "\#(long)", "status": "active", "firstSeen": "2026-11-21T10:42:01Z", "lastSeen": "2026-11-21T10:42:01Z"}]"#
        var bytes = document(status: status, targets: target, devices: device)
        bytes.removeLast()
        bytes += Array(#", "source": {"name": "\#(long)"}}"#.utf8)
        let locations = Set(issues(bytes).map(\.location))
        #expect(
            locations == [
                "status.frequency", "status.securityType", "status.gatewayVendor", "status.ispName", "status.asn",
                "status.location.city", "status.location.country", "targets[0].host", "devices[0].hostname",
                "devices[0].vendor", "devices[0].customName", "source.name",
            ])
    }

    @Test func aStreamRefusesLongTextWithItsLine() {
        let huge = String(repeating: "N", count: 1 << 20)
        let stream =
            #"{"type": "statusUpdate", "payload": {"connectionType": "wifi", "ispName": "\#(huge)", "updatedAt": "2026-11-21T10:42:07Z"}}"#
        var folder = MessageStreamFolder()
        let found = folder.consume(line: Array(stream.utf8))
        #expect(found.map(\.location) == ["line 1: payload.ispName"])
        #expect(folder.snapshot == nil)
    }

    @Test func limitsCheckInTimeBoundedByTheLimit() {
        // Counting stops one past the limit: the verdict never depends on the rest.
        #expect(TextLimit.characters(3).admits("abc"))
        #expect(!TextLimit.characters(3).admits("abcd"))
        #expect(TextLimit.characters(3).admits("ééé"))
        #expect(!TextLimit.utf8Bytes(3).admits("éé"))
    }

    @Test func errorMessagesShowLongValuesShortAndEscaped() {
        let value = JSONValue.string("evil\u{1B}[2J\n" + String(repeating: "y", count: 100))
        let shown = value.briefDescription
        #expect(shown.hasPrefix("\"evil\\u{1B}[2J\\n"))
        #expect(shown.hasSuffix("…\""))
        #expect(!shown.contains("\u{1B}"))
    }
}
