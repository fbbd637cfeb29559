import Foundation
import Testing

@testable import NetsnapModel

/// The quick device path must read every document it accepts exactly as the general path
/// does, and leave everything else to it (which reports issues with their JSON paths).
@Suite struct DeviceArrayScannerTests {
    /// A document around `devices` (raw JSON text of the array).
    private func document(devices: String) -> [UInt8] {
        Array(
            """
            {"schemaVersion":1,"generatedAt":"2026-11-21T10:42:07Z",
             "status":{"connectionType":"wifi","updatedAt":"2026-11-21T10:42:05Z"},
             "devices":\(devices)}
            """.utf8)
    }

    private let device =
        #"{"id":"0f2c4d8e-9b1a-4e7f-8c3d-2a5b6c7d0001","ipAddress":"192.168.1.20","macAddress":"A4-2B-B0-11-22-30","#
        + #""hostname":"router.lan","vendor":"TP-Link","deviceType":"router","customName":"Router","status":"active","#
        + #""firstSeen":"2026-09-01T08:00:00+02:00","lastSeen":"2026-11-21T10:41:30.250Z"}"#

    @Test func theQuickPathReadsWhatTheGeneralPathReads() throws {
        let variants = [
            "[]", "[\(device)]", "[ \(device) , \(device) ]",
            // null is absent; repeated keys: the last wins.
            #"[{"id":"0F2C4D8E-9B1A-4E7F-8C3D-2A5B6C7D0002","ipAddress":"fe80::1","macAddress":"a4:2b:b0:11:22:31","#
                + #""hostname":null,"vendor":"Zürich Gerät ✓","deviceType":"toaster","status":"idle","status":"offline","#
                + #""firstSeen":"2026-09-01T08:00:00Z","lastSeen":"2026-11-21T10:41:30Z"}]"#,
            #"[{"id":"0F2C4D8E-9B1A-4E7F-8C3D-2A5B6C7D0003","ipAddress":"10.0.0.3","macAddress":"a4:2b:b0:11:22:32","#
                + #""deviceType":null,"status":"active","firstSeen":"2026-09-01T08:00:00Z","lastSeen":"2026-11-21T10:41:30Z"}]"#,
        ]
        for devices in variants {
            let bytes = document(devices: devices)
            let quick = try #require(SnapshotDecoder.decodeScanningDevices(bytes), "the quick path takes \(devices)")
            #expect(quick == (try SnapshotDecoder.decodeGenerally(bytes)))
            #expect(quick == (try SnapshotDecoder.decode(bytes)))
        }
        let sample = try #require(SnapshotDecoder.decodeScanningDevices(try FixtureLoader.bytes("spec-example.json")))
        #expect(sample == (try SnapshotDecoder.decodeGenerally(try FixtureLoader.bytes("spec-example.json"))))
        #expect(!sample.devices.isEmpty)
    }

    @Test func anythingElseIsLeftToTheGeneralPathWithItsMessages() throws {
        let valid = device
        let cases: [(devices: String, location: String)] = [
            ("[\(valid.replacingOccurrences(of: "192.168.1.20", with: "192.168.1.300"))]", "devices[0].ipAddress"),
            ("[\(valid), \(valid.replacingOccurrences(of: "\"active\"", with: "\"gone\""))]", "devices[1].status"),
            (
                "[\(valid.replacingOccurrences(of: "\"lastSeen\":\"2026-11-21T10:41:30.250Z\"", with: "\"lastSeen\":null"))]",
                "devices[0].lastSeen"
            ),
            ("[\(valid.replacingOccurrences(of: "A4-2B-B0-11-22-30", with: "zz:11"))]", "devices[0].macAddress"),
            ("[\(valid.replacingOccurrences(of: "\"router.lan\"", with: "42"))]", "devices[0].hostname"),
            ("[\(valid.replacingOccurrences(of: "2026-09-01", with: "9999-09-01"))]", "devices[0].firstSeen"),
            (
                "[\(valid.replacingOccurrences(of: "\"Router\"", with: "\"\(String(repeating: "x", count: 257))\""))]",
                "devices[0].customName"
            ),
            ("[\(valid.replacingOccurrences(of: "\"Router\"", with: "true"))]", "devices[0].customName"),
            ("[\(valid), 7]", "devices[1]"),
            ("{}", "devices"),
        ]
        for (devices, location) in cases {
            let bytes = document(devices: devices)
            #expect(SnapshotDecoder.decodeScanningDevices(bytes) == nil)
            #expect(throws: SnapshotError.self) { try SnapshotDecoder.decode(bytes) }
            do {
                _ = try SnapshotDecoder.decode(bytes)
            } catch {
                #expect(error.issues.map(\.location) == [location], "\(devices)")
            }
        }
    }

    /// An unknown key may be a member the scanner was not taught: the general path reads it.
    @Test func unknownKeysAreLeftToTheGeneralPath() throws {
        for extra in [#""futureField":"x""#, #""flag":true"#, #""count":3"#, #""link":{"speed":1000}"#] {
            let bytes = document(devices: "[\(device.dropLast()),\(extra)}]")
            #expect(SnapshotDecoder.decodeScanningDevices(bytes) == nil)
            #expect(try SnapshotDecoder.decode(bytes).devices.first?.hostname == "router.lan")
        }
    }

    @Test func escapedStringsAreDecodedByTheGeneralPath() throws {
        let escaped = device.replacingOccurrences(of: "\"router.lan\"", with: #""r\u006fute\"r.lan""#)
        let bytes = document(devices: "[\(escaped)]")
        #expect(SnapshotDecoder.decodeScanningDevices(bytes) == nil)
        #expect(try SnapshotDecoder.decode(bytes).devices.first?.hostname == "route\"r.lan")
    }
}
