import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct HostnameDirectoryTests {
    @Test func dnsmasqLeases() throws {
        var directory = HostnameDirectory()
        directory.addLeaseFile(try Fixture.text("dnsmasq.leases"))
        #expect(directory.hostname(mac: MACAddress("3c:22:fb:aa:bb:cc"), ip: nil) == "annas-iphone")
        #expect(directory.hostname(mac: nil, ip: IPAddress("192.168.0.20")) == "hallway-pi")
        #expect(directory.hostname(mac: MACAddress("b8:27:eb:01:02:03"), ip: IPAddress("192.168.0.40")) == nil)  // "*"
        #expect(directory.hostname(mac: nil, ip: IPAddress("2001:db8:1::23")) == "annas-iphone")  // DHCPv6 by address
    }

    @Test func iscLeasesLastBlockWins() throws {
        var directory = HostnameDirectory()
        directory.addLeaseFile(try Fixture.text("dhcpd.leases"))
        #expect(directory.hostname(mac: MACAddress("00:17:88:aa:bb:01"), ip: nil) == "hue-bridge")
        #expect(directory.hostname(mac: nil, ip: IPAddress("192.168.0.50")) == "hue-bridge")
        #expect(directory.hostname(mac: MACAddress("3c:22:fb:00:00:51"), ip: IPAddress("192.168.0.51")) == nil)
    }

    @Test func hostsFileAndPrecedence() throws {
        var directory = HostnameDirectory()
        directory.addHostsFile(try Fixture.text("hosts"))
        #expect(directory.hostname(mac: nil, ip: IPAddress("192.168.0.10")) == "nas.lan")
        #expect(directory.hostname(mac: nil, ip: IPAddress("127.0.1.1")) == nil)
        #expect(directory.hostname(mac: nil, ip: IPAddress("192.168.0.23")) == "anna-static")
        directory.addLeaseFile(try Fixture.text("dnsmasq.leases"))
        // The device's own DHCP name beats the static entry.
        #expect(directory.hostname(mac: MACAddress("3c:22:fb:aa:bb:cc"), ip: IPAddress("192.168.0.23")) == "annas-iphone")
    }
}
