import Foundation
import Testing

@testable import NetsnapModel

@Suite struct ValueParsingTests {
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

    @Test(arguments: [
        "", "not-a-uuid", "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A0", "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A011",
        "5B6F1C1E2D7A-4C35-9C1F-0D6A8E3B9A01-", "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A0G",
    ])
    func refusesMalformed(_ text: String) {
        #expect(UUIDText.parse(text) == nil)
        #expect(UUID(uuidString: text) == nil, "Foundation agrees")
    }
}
