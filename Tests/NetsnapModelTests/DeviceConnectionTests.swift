import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// A device's optional `connection` and `connectedVia`: read by the quick and the general
/// path alike, refused with their JSON path when malformed, written back by both writers,
/// and a `connectedVia` that names no usable device keeps the snapshot valid but hangs the
/// device off the gateway (`DeviceUplinks`).
@Suite struct DeviceConnectionTests {
    private static let switchID = "0f2c4d8e-9b1a-4e7f-8c3d-2a5b6c7d0010"

    private func device(_ number: Int, extra: String = "") -> String {
        #"{"id":"0f2c4d8e-9b1a-4e7f-8c3d-2a5b6c7d00\#(String(format: "%02d", number))","ipAddress":"192.168.1.\#(number)","#
            + #""macAddress":"02:00:00:00:00:\#(String(format: "%02x", number))","status":"active","#
            + #""firstSeen":"2026-09-01T08:00:00Z","lastSeen":"2026-11-21T10:41:30Z"\#(extra)}"#
    }

    private func document(_ devices: [String]) -> [UInt8] {
        Array(
            """
            {"schemaVersion":1,"generatedAt":"2026-11-21T10:42:07Z",
             "status":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:42:05Z"},
             "devices":[\(devices.joined(separator: ","))]}
            """.utf8)
    }

    @Test func bothPathsReadTheConnectionAndTheDeviceItIsConnectedThrough() throws {
        let bytes = document([
            device(10, extra: #","connection":"wired""#),
            device(11, extra: #","connection":"wireless","connectedVia":"\#(Self.switchID.uppercased())""#),
            device(12, extra: #","connection":null,"connectedVia":null"#),
        ])
        let quick = try #require(SnapshotDecoder.decodeScanningDevices(bytes), "the quick path takes the new members")
        #expect(quick == (try SnapshotDecoder.decodeGenerally(bytes)))
        #expect(quick.devices.map(\.connection) == [.wired, .wireless, nil])
        #expect(quick.devices.map(\.connectedVia) == [nil, UUID(uuidString: Self.switchID), nil])
    }

    @Test func aMalformedConnectionIsRefusedWithItsPath() throws {
        let cases: [(extra: String, location: String, message: String)] = [
            (#","connection":"wifi""#, "devices[0].connection", #"expected one of "wired", "wireless", found "wifi""#),
            (#","connection":1"#, "devices[0].connection", #"expected one of "wired", "wireless", found 1"#),
            (#","connectedVia":"switch""#, "devices[0].connectedVia", #""switch" is not a UUID"#),
            (#","connectedVia":7"#, "devices[0].connectedVia", "expected a UUID as a string, found 7"),
        ]
        for (extra, location, message) in cases {
            let bytes = document([device(11, extra: extra)])
            #expect(SnapshotDecoder.decodeScanningDevices(bytes) == nil)
            do {
                _ = try SnapshotDecoder.decode(bytes)
                Issue.record("\(extra) was accepted")
            } catch {
                #expect(error.issues.map(\.location) == [location])
                #expect(error.description.contains(message), "\(error.description)")
            }
        }
    }

    @Test func bothWritersWriteThemBackAndRedactionKeepsThem() throws {
        let snapshot = try SnapshotDecoder.decode(
            document([device(10, extra: #","connection":"wired""#), device(11, extra: #","connectedVia":"\#(Self.switchID)""#)]))
        var written: [UInt8] = []
        snapshot.devices[1].appendJSON(to: &written)
        #expect(String(decoding: written, as: UTF8.self).hasSuffix(#","connectedVia":"\#(Self.switchID.uppercased())"}"#))
        let again = try SnapshotDecoder.decode(JSONWriter.bytes(snapshot.jsonValue))
        #expect(again == snapshot)
        #expect(snapshot.redacted().devices.map(\.connectedVia) == snapshot.devices.map(\.connectedVia))
        #expect(snapshot.redacted().devices.map(\.connection) == [.wired, nil])
    }

    @Test func aConnectedViaNamingNoUsableDeviceHangsOffTheGateway() throws {
        func id(_ number: Int) -> String { "0f2c4d8e-9b1a-4e7f-8c3d-2a5b6c7d00\(String(format: "%02d", number))" }
        let snapshot = try SnapshotDecoder.decode(
            document([
                device(10),  // the switch
                device(11, extra: #","connectedVia":"\#(id(10))""#),  // through the switch
                device(12, extra: #","connectedVia":"\#(id(11))""#),  // through 11, itself through the switch
                device(13, extra: #","connectedVia":"\#(id(13))""#),  // itself
                device(14, extra: #","connectedVia":"\#(id(99))""#),  // no such device
                device(15, extra: #","connectedVia":"\#(id(16))""#),  // 15 and 16 through each other
                device(16, extra: #","connectedVia":"\#(id(15))""#),
                device(17, extra: #","connectedVia":"\#(id(15))""#),  // into that loop
            ]))
        #expect(DeviceUplinks(snapshot.devices).parents == [1: 0, 2: 1])
        #expect(DeviceUplinks([]).parents.isEmpty)
    }
}
