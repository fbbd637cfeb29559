import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// A redacted document says so, and may then leave out devices' addresses; no other may.
@Suite struct RedactedSnapshotTests {
    func document(redacted: Bool?) -> [UInt8] {
        let flag = redacted.map { ", \"redacted\": \($0)" } ?? ""
        let text = """
            {"schemaVersion": 1, "generatedAt": "2026-11-21T10:42:07Z"\(flag),
             "status": {"connectionType": "wifi", "updatedAt": "2026-11-21T10:42:05Z"},
             "devices": [{"id": "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A02", "status": "active",
                          "firstSeen": "2026-11-21T08:00:00Z", "lastSeen": "2026-11-21T10:42:00Z"}]}
            """
        return Array(text.utf8)
    }

    @Test func aRedactedDocumentMayLeaveOutDeviceAddresses() throws {
        let snapshot = try SnapshotDecoder.decode(document(redacted: true))
        #expect(snapshot.isRedacted)
        #expect(snapshot.devices.count == 1)
        #expect(snapshot.devices[0].ipAddress == nil && snapshot.devices[0].macAddress == nil)
    }

    @Test func anyOtherDocumentMustCarryThem() {
        for flag in [nil, false] {
            #expect(throws: SnapshotError.self) { try SnapshotDecoder.decode(document(redacted: flag)) }
        }
    }

    @Test func redactionMarksTheDocumentAndItReadsBackTheSame() throws {
        var full = try SnapshotDecoder.decode(document(redacted: true))
        full.isRedacted = false
        full.devices[0].ipAddress = IPAddress("192.168.1.20")
        full.devices[0].macAddress = MACAddress("a4:2b:b0:11:22:33")
        let redacted = full.redacted()
        let bytes = JSONWriter.bytes(redacted.jsonValue)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"redacted\""))
        #expect(try SnapshotDecoder.decode(bytes) == redacted)
        #expect(!String(decoding: JSONWriter.bytes(full.jsonValue), as: UTF8.self).contains("\"redacted\""))
    }

    @Test func aPresentAddressStillMustParse() {
        var text = String(decoding: document(redacted: true), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"status\": \"active\"", with: "\"status\": \"active\", \"macAddress\": \"zz\"")
        #expect(throws: SnapshotError.self) { try SnapshotDecoder.decode(Array(text.utf8)) }
    }
}
