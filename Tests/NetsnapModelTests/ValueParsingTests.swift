import Foundation
import Testing

@testable import NetsnapModel

@Suite struct ValueParsingTests {
    @Test(arguments: [
        ("2026-11-21T10:42:07Z", 1_795_257_727.0),
        ("2026-11-21t10:42:07z", 1_795_257_727.0),
        ("2026-11-21T12:42:07+02:00", 1_795_257_727.0),
        ("2026-11-21T10:42:07.5Z", 1_795_257_727.5),
        ("1970-01-01T00:00:00Z", 0.0),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
    ])
    func rfc3339Parses(_ text: String, _ seconds: Double) {
        #expect(RFC3339.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2026-11-21", "2026-11-21T10:42Z", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
        "2026-11-21T24:00:00Z", "2026-11-21T10:42:07+0200", "2026-11-21T10:42:07.Z", " 2026-11-21T10:42:07Z"])
    func rfc3339RefusesNonDates(_ text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test func rfc3339FormatsUTC() {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_795_257_727)) == "2026-11-21T10:42:07Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_795_257_727.25)) == "2026-11-21T10:42:07.250Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test func ipAddressesAreCanonical() {
        #expect(IPAddress("192.168.1.1")?.isIPv6 == false)
        #expect(IPAddress("2001:DB8:0:0::1")?.text == "2001:db8::1")
        #expect(IPAddress("192.168.1.256") == nil)
        #expect(IPAddress("01.2.3.4") == nil)
        #expect(IPAddress("") == nil)
        #expect(IPAddress("10.1.2.3")?.isLocal == true)
        #expect(IPAddress("172.20.0.1")?.isLocal == true)
        #expect(IPAddress("fd00::1")?.isLocal == true)
        #expect(IPAddress("8.8.8.8")?.isLocal == false)
    }

    @Test func macAddressesAreCanonical() {
        #expect(MACAddress("A4-2B-B0-11-22-33")?.text == "a4:2b:b0:11:22:33")
        #expect(MACAddress("a4:2b:b0:11:22:3") == nil)
        #expect(MACAddress("a4:2b:b0:11:22:3g") == nil)
        #expect(MACAddress("a4:2b:b0-11:22:33") == nil)
        #expect(MACAddress("6a:1f:42:9c:e3:0b")?.isLocallyAdministered == true)
        #expect(MACAddress("a4:2b:b0:11:22:33")?.suffix(octets: 3) == "11:22:33")
    }

    @Test func jsonEscapesAndUnicodeRoundTrip() throws {
        let text = #"{"a":"\u00e9\ud83c\udfe0 \"q\" \\ \n","b":[true,false,null,-0.5,1e3]}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value["a"] == .string("é🏠 \"q\" \\ \n"))
        #expect(value["b"] == .array([.bool(true), .bool(false), .null, .number(-0.5), .number(1000)]))
        #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
    }

    @Test(arguments: [#"{"a":01}"#, #"{"a":1,}"#, #"{"a" 1}"#, "[1 2]", #"{"a":"\x"}"#, "{\"a\":\"\u{01}\"}",
        #"{"a":"\ud800"}"#, "tru", "{} {}", "[-]"])
    func jsonSyntaxErrorsAreRefused(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func writerEscapesMarkupAndKeepsNumbersShort() {
        let bytes = JSONWriter.bytes(.object([("s", .string("</script>")), ("n", .number(4.2)), ("i", .number(3))]), pretty: false)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"s":"\u003c/script\u003e","n":4.2,"i":3}"#)
    }
}

@Suite struct UUIDTextTests {
    @Test func roundTripsAndMatchesFoundation() throws {
        for _ in 0..<100 {
            let id = UUID()
            #expect(UUIDText.format(id) == id.uuidString)
            #expect(UUIDText.parse(id.uuidString) == id)
            #expect(UUIDText.parse(id.uuidString.lowercased()) == id)
        }
    }

    @Test(arguments: ["", "not-a-uuid", "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A0", "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A011",
        "5B6F1C1E2D7A-4C35-9C1F-0D6A8E3B9A01-", "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A0G"])
    func refusesMalformed(_ text: String) {
        #expect(UUIDText.parse(text) == nil)
        #expect(UUID(uuidString: text) == nil, "Foundation agrees")
    }
}
