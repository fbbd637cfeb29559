import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

@Suite struct SnapshotDecoderTests {
    @Test func specExampleDecodesToItsValues() throws {
        let snapshot = try SnapshotDecoder.decode(try FixtureLoader.bytes("spec-example.json"))
        #expect(snapshot.schemaVersion == 1)
        #expect(snapshot.generatedAt == RFC3339.parse("2026-11-21T10:42:07Z"))
        #expect(snapshot.source == SnapshotSource(kind: .mac, name: "Studio Mac"))
        #expect(snapshot.session?.startedAt == RFC3339.parse("2026-11-21T08:00:00Z"))
        let status = snapshot.status
        #expect(status.connectionType == .wifi)
        #expect(status.ssid == "Home Wi-Fi")
        #expect(status.signalStrength == 72)
        #expect(status.signalDBm == -58)
        #expect(status.channel == 36)
        #expect(status.frequency == "5 GHz")
        #expect(status.bssid?.text == "a4:2b:b0:11:22:33")
        #expect(status.securityType == "WPA3 Personal")
        #expect(status.gatewayIP?.text == "192.168.1.1")
        #expect(status.gatewayMAC?.text == "a4:2b:b0:11:22:30")
        #expect(status.gatewayVendor == "TP-Link")
        #expect(status.gatewayLatency == 4.2)
        #expect(status.publicIP?.text == "203.0.113.7")
        #expect(status.ispName == "Example Fiber")
        #expect(status.asn == "AS64500")
        #expect(status.location == Location(city: "Zurich", country: "CH"))
        #expect(status.updatedAt == RFC3339.parse("2026-11-21T10:42:05Z"))
        #expect(snapshot.targets.count == 1)
        let target = try #require(snapshot.targets.first)
        #expect(target.id == UUID(uuidString: "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01"))
        #expect(target.name == "NAS")
        #expect(target.host == "192.168.1.10")
        #expect(target.probeProtocol == .icmp)
        #expect(target.currentLatency == 1.8)
        #expect(target.isOnline)
        #expect(target.lastChecked == RFC3339.parse("2026-11-21T10:42:01Z"))
        let device = try #require(snapshot.devices.first)
        #expect(device.ipAddress?.text == "192.168.1.23")
        #expect(device.macAddress?.text == "3c:22:fb:aa:bb:cc")
        #expect(device.hostname == "annas-iphone.lan")
        #expect(device.vendor == "Apple")
        #expect(device.deviceType == .phone)
        #expect(device.customName == "Anna's iPhone")
        #expect(device.status == .active)
        #expect(device.firstSeen == RFC3339.parse("2026-10-02T18:11:00Z"))
        #expect(device.lastSeen == RFC3339.parse("2026-11-21T10:41:30Z"))
    }

    @Test func writtenDocumentReadsBackTheSame() throws {
        let snapshot = try SnapshotDecoder.decode(try FixtureLoader.bytes("spec-example.json"))
        let again = try SnapshotDecoder.decode(JSONWriter.bytes(snapshot.jsonValue))
        #expect(again == snapshot)
    }

    @Test func minimalDocumentLeavesOptionalFieldsAbsent() throws {
        let snapshot = try decode(
            #"{"schemaVersion":1,"generatedAt":"2026-11-21T10:42:07Z","status":{"connectionType":"none","updatedAt":"2026-11-21T10:42:07Z"}}"#
        )
        #expect(snapshot.targets.isEmpty)
        #expect(snapshot.devices.isEmpty)
        #expect(snapshot.status.gatewayLatency == nil)
        #expect(snapshot.status.signalDBm == nil)
        #expect(snapshot.source == nil)
    }

    @Test func unknownKeysAreIgnoredAndUnknownDeviceTypeReadsAsUnknown() throws {
        var document = try Self.example()
        document = document.replacingOccurrences(of: #""schemaVersion": 1,"#, with: #""schemaVersion": 1, "futureField": {"x": [1, 2]},"#)
        document = document.replacingOccurrences(of: #""deviceType": "phone""#, with: #""deviceType": "toaster", "extra": true"#)
        let snapshot = try decode(document)
        #expect(snapshot.devices.first?.deviceType == .unknown)
    }

    @Test func macAddressesAreNormalised() throws {
        let document = try Self.example().replacingOccurrences(of: "3c:22:fb:aa:bb:cc", with: "3C-22-FB-AA-BB-CC")
        #expect(try decode(document).devices.first?.macAddress?.text == "3c:22:fb:aa:bb:cc")
    }

    @Test func datesWithOffsetsAndFractionsAreAccepted() throws {
        let document = try Self.example()
            .replacingOccurrences(of: "2026-11-21T10:42:07Z", with: "2026-11-21T11:42:07.250+01:00")
        #expect(try decode(document).generatedAt == RFC3339.parse("2026-11-21T10:42:07.250Z"))
    }

    @Test func newerSchemaVersionAsksForAnUpgrade() throws {
        let error = try refusal(Self.example().replacingOccurrences(of: #""schemaVersion": 1"#, with: #""schemaVersion": 2"#))
        #expect(
            error.issues == [
                SnapshotIssue(
                    location: "schemaVersion",
                    message: "snapshot schema 2 is newer than this netsnap understands (1): upgrade netsnap")
            ])
    }

    @Test func datesWhoseExpiryCannotBeWrittenAreRefused() throws {
        let error = try refusal(
            Self.example().replacingOccurrences(
                of: #""generatedAt": "2026-11-21T10:42:07Z""#, with: #""generatedAt": "9999-12-31T23:59:59Z""#))
        #expect(
            error.issues == [
                SnapshotIssue(location: "generatedAt", message: "expected a date before 9999-01-01T00:00:00Z, found 9999-12-31T23:59:59Z")
            ])
        let accepted = try Self.example().replacingOccurrences(
            of: #""generatedAt": "2026-11-21T10:42:07Z""#, with: #""generatedAt": "9998-12-31T23:59:59Z""#)
        #expect(try SnapshotDecoder.decode(Array(accepted.utf8)).generatedAt == RFC3339.parse("9998-12-31T23:59:59Z"))
    }

    @Test func everyIssueIsReportedNotJustTheFirst() throws {
        let document = try Self.example()
            .replacingOccurrences(of: #""signalDBm": -58"#, with: #""signalDBm": 12"#)
            .replacingOccurrences(of: #""currentLatency": 1.8"#, with: #""currentLatency": -1"#)
            .replacingOccurrences(of: "3c:22:fb:aa:bb:cc", with: "zz:11")
        let error = try refusal(document)
        #expect(error.issues.map(\.location) == ["status.signalDBm", "targets[0].currentLatency", "devices[0].macAddress"])
        #expect(
            error.inFile("snapshot.json").description.contains(
                "error: snapshot.json: targets[0].currentLatency: expected a finite number ≥ 0, found -1"))
        #expect(
            error.inFile("snapshot.json").description.contains(
                #"error: snapshot.json: devices[0].macAddress: "zz:11" is not a MAC address"#))
    }

    /// Each case: what to replace in the spec example, and the path the refusal must name.
    static let malformed: [(name: String, from: String, to: String, path: String)] = [
        ("schemaVersion is a string", #""schemaVersion": 1"#, #""schemaVersion": "1""#, "schemaVersion"),
        ("schemaVersion is zero", #""schemaVersion": 1"#, #""schemaVersion": 0"#, "schemaVersion"),
        ("generatedAt missing", #""generatedAt": "2026-11-21T10:42:07Z","#, "", "generatedAt"),
        ("generatedAt not a date", "2026-11-21T10:42:07Z", "yesterday", "generatedAt"),
        ("generatedAt impossible day", "2026-11-21T10:42:07Z", "2026-02-30T10:42:07Z", "generatedAt"),
        ("source.kind unknown", #""kind": "mac""#, #""kind": "windows""#, "source.kind"),
        ("connectionType unknown", #""connectionType": "wifi""#, #""connectionType": "wlan""#, "status.connectionType"),
        ("connectionType missing", #""connectionType": "wifi","#, "", "status.connectionType"),
        ("ssid is a number", #""ssid": "Home Wi-Fi""#, #""ssid": 42"#, "status.ssid"),
        ("signalStrength over 100", #""signalStrength": 72"#, #""signalStrength": 172"#, "status.signalStrength"),
        ("signalStrength fractional", #""signalStrength": 72"#, #""signalStrength": 72.5"#, "status.signalStrength"),
        ("signalDBm positive", #""signalDBm": -58"#, #""signalDBm": 5"#, "status.signalDBm"),
        ("signalDBm below -120", #""signalDBm": -58"#, #""signalDBm": -130"#, "status.signalDBm"),
        ("channel zero", #""channel": 36"#, #""channel": 0"#, "status.channel"),
        ("channel too high", #""channel": 36"#, #""channel": 234"#, "status.channel"),
        ("bssid malformed", "a4:2b:b0:11:22:33", "a4:2b:b0:11:22", "status.bssid"),
        ("gatewayIP not an address", #""gatewayIP": "192.168.1.1""#, #""gatewayIP": "192.168.1.300""#, "status.gatewayIP"),
        ("gatewayMAC mixed separators", "a4:2b:b0:11:22:30", "a4-2b:b0:11:22:30", "status.gatewayMAC"),
        ("gatewayLatency negative", #""gatewayLatency": 4.2"#, #""gatewayLatency": -4.2"#, "status.gatewayLatency"),
        ("gatewayLatency a string", #""gatewayLatency": 4.2"#, #""gatewayLatency": "fast""#, "status.gatewayLatency"),
        ("publicIP garbage", "203.0.113.7", "203.0.113", "status.publicIP"),
        ("status.updatedAt missing", #""updatedAt": "2026-11-21T10:42:05Z""#, #""updated": "2026-11-21T10:42:05Z""#, "status.updatedAt"),
        ("status is an array", #""status": {"#, #""status": [], "unused": {"#, "status"),
        ("target id not a UUID", "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01", "not-a-uuid", "targets[0].id"),
        ("target name empty", #""name": "NAS""#, #""name": """#, "targets[0].name"),
        ("target protocol unknown", #""protocol": "icmp""#, #""protocol": "smtp""#, "targets[0].protocol"),
        ("target isOnline a string", #""isOnline": true"#, #""isOnline": "yes""#, "targets[0].isOnline"),
        ("target lastChecked null", #""lastChecked": "2026-11-21T10:42:01Z""#, #""lastChecked": null"#, "targets[0].lastChecked"),
        ("targets not an array", #""targets": ["#, #""targets": "none", "later": ["#, "targets"),
        ("device ipAddress missing", #""ipAddress": "192.168.1.23","#, "", "devices[0].ipAddress"),
        ("device macAddress too short", "3c:22:fb:aa:bb:cc", "3c:22:fb", "devices[0].macAddress"),
        ("device status unknown", #""status": "active""#, #""status": "sleeping""#, "devices[0].status"),
        ("device firstSeen without zone", "2026-10-02T18:11:00Z", "2026-10-02T18:11:00", "devices[0].firstSeen"),
        ("device element not an object", #""devices": ["#, #""devices": [17, "#, "devices[0]"),
    ]

    @Test(arguments: 0..<malformed.count)
    func malformedSnapshotIsRefusedWithItsPath(_ index: Int) throws {
        let testCase = Self.malformed[index]
        let document = try Self.example()
        #expect(document.contains(testCase.from), "fixture must contain the text the case replaces")
        let error = try refusal(document.replacingOccurrences(of: testCase.from, with: testCase.to))
        #expect(error.issues.contains { $0.location == testCase.path }, "\(testCase.name): \(error)")
    }

    @Test func truncatedJSONNamesLineAndColumn() throws {
        let error = try refusal(#"{"schemaVersion": 1, "generatedAt""#)
        #expect(error.issues == [SnapshotIssue(location: "line 1, column 35", message: "unexpected end of JSON")])
    }

    @Test func brokenJSONOnALaterLineNamesThatLine() throws {
        let error = try refusal("{\n  \"schemaVersion\": 1,\n  \"generatedAt\": tru\n}")
        #expect(error.issues.first?.location == "line 3, column 18")
    }

    @Test func topLevelArrayIsRefused() throws {
        let error = try refusal("[1, 2]")
        #expect(error.issues == [SnapshotIssue(location: "(top level)", message: "expected a JSON object, found an array")])
    }

    @Test func nonFiniteNumberIsRefused() throws {
        let error = try refusal(try Self.example().replacingOccurrences(of: #""currentLatency": 1.8"#, with: #""currentLatency": 1e999"#))
        #expect(error.issues.first?.message.contains("out of range") == true)
    }

    @Test func emptyInputIsRefused() throws {
        #expect(try refusal("").issues.first?.location == "line 1, column 1")
    }

    // MARK: helpers

    static func example() throws -> String {
        String(decoding: try FixtureLoader.bytes("spec-example.json"), as: UTF8.self)
    }

    private func decode(_ text: String) throws -> Snapshot {
        try SnapshotDecoder.decode(Array(text.utf8))
    }

    private func refusal(_ text: String) throws -> SnapshotError {
        do {
            _ = try SnapshotDecoder.decode(Array(text.utf8))
        } catch {
            return error
        }
        Issue.record("expected the snapshot to be refused")
        return SnapshotError(issues: [])
    }
}
