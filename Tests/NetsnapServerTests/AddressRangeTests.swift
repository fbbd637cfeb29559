import NetsnapServer
import Testing

/// `serve.allowFrom`'s entries: addresses and CIDR blocks, IPv4 and IPv6, and IPv4 peers seen
/// through an IPv6 socket.
@Suite struct AddressRangeTests {
    @Test func anAddressHoldsOnlyItself() throws {
        let supervisor = try #require(AddressRange("172.30.32.2"))
        #expect(supervisor.contains("172.30.32.2"))
        #expect(!supervisor.contains("172.30.32.1"))
        #expect(supervisor.contains("::ffff:172.30.32.2"))
        #expect(!supervisor.contains("::1"))
        #expect(!supervisor.contains("not an address"))
    }

    @Test func aBlockHoldsItsPrefix() throws {
        let hassio = try #require(AddressRange("172.30.32.0/23"))
        #expect(hassio.contains("172.30.33.255"))
        #expect(!hassio.contains("172.30.34.0"))
        let local = try #require(AddressRange("fd00::/8"))
        #expect(local.contains("fd12:3456::1"))
        #expect(!local.contains("fe80::1"))
        #expect(try #require(AddressRange("0.0.0.0/0")).contains("203.0.113.7"))
    }

    @Test func malformedEntriesAreRefused() {
        for text in ["", "172.30.32", "172.30.32.2/33", "::1/129", "10.0.0.0/-1", "10.0.0.0/", "host.lan", "10.0.0.0/８"] {
            #expect(AddressRange(text) == nil, "\(text)")
        }
    }

    @Test func anEmptyListAdmitsEveryoneAndAListOnlyItsOwn() throws {
        #expect([AddressRange]().admits("192.0.2.1"))
        #expect([AddressRange]().admits(nil))
        let list = [try #require(AddressRange("127.0.0.1")), try #require(AddressRange("::1"))]
        #expect(list.admits("::1"))
        #expect(!list.admits("127.0.0.2"))
        #expect(!list.admits(nil))
    }
}
