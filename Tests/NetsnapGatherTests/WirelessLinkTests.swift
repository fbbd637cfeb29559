import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct WirelessLinkTests {
    @Test func iwLink24GHz() throws {
        let link = try #require(WirelessLink.parseIWLink(Fixture.text("iw-link-2ghz.txt")))
        #expect(link.ssid == "Home Wi-Fi")
        #expect(link.bssid == MACAddress("a4:2b:b0:11:22:33"))
        #expect(link.signalDBm == -61)
        let frequency = try #require(link.frequencyMHz)
        let band = try #require(WirelessLink.bandAndChannel(frequencyMHz: frequency))
        #expect(band.band == "2.4 GHz")
        #expect(band.channel == 6)
    }

    @Test func iwLink5GHzWithEscapedUnicodeSSID() throws {
        let link = try #require(WirelessLink.parseIWLink(Fixture.text("iw-link-5ghz.txt")))
        #expect(link.ssid == "Café 📶")
        #expect(link.frequencyMHz == 5180)
        #expect(link.signalDBm == -58)
        let band = try #require(WirelessLink.bandAndChannel(frequencyMHz: 5180))
        #expect(band.band == "5 GHz")
        #expect(band.channel == 36)
    }

    @Test func iwLink6GHz() throws {
        let link = try #require(WirelessLink.parseIWLink(Fixture.text("iw-link-6ghz.txt")))
        #expect(link.ssid == "Lab6E")
        let frequency = try #require(link.frequencyMHz)
        let band = try #require(WirelessLink.bandAndChannel(frequencyMHz: frequency))
        #expect(band.band == "6 GHz")
        #expect(band.channel == 33)
    }

    @Test func notConnected() throws {
        #expect(WirelessLink.parseIWLink(try Fixture.text("iw-link-not-connected.txt")) == nil)
    }

    @Test func channelEdges() {
        #expect(WirelessLink.bandAndChannel(frequencyMHz: 2412)! == ("2.4 GHz", 1))
        #expect(WirelessLink.bandAndChannel(frequencyMHz: 2484)! == ("2.4 GHz", 14))
        #expect(WirelessLink.bandAndChannel(frequencyMHz: 5825)! == ("5 GHz", 165))
        #expect(WirelessLink.bandAndChannel(frequencyMHz: 5935)! == ("6 GHz", 2))
        #expect(WirelessLink.bandAndChannel(frequencyMHz: 5955)! == ("6 GHz", 1))
        #expect(WirelessLink.bandAndChannel(frequencyMHz: 7115)! == ("6 GHz", 233))
        #expect(WirelessLink.bandAndChannel(frequencyMHz: 60480) == nil)
    }

    @Test func procWirelessQualityAndLevel() throws {
        let reading = try #require(WirelessLink.parseProcWireless(Fixture.text("proc-net-wireless"), interface: "wlan0"))
        #expect(reading.quality == 70)  // 49 of 70
        #expect(reading.signalDBm == -61)
        #expect(WirelessLink.parseProcWireless(try Fixture.text("proc-net-wireless"), interface: "wlan1") == nil)
    }

    @Test func wpaSecurityType() throws {
        #expect(WirelessLink.parseWPAStatus(try Fixture.text("wpa-cli-status.txt")) == "WPA3 Personal")
        #expect(WirelessLink.parseWPAStatus("key_mgmt=WPA2-PSK\n") == "WPA2 Personal")
        #expect(WirelessLink.parseWPAStatus("key_mgmt=NONE\n") == "Open")
        #expect(WirelessLink.parseWPAStatus("wpa_state=DISCONNECTED\n") == nil)
    }
}
