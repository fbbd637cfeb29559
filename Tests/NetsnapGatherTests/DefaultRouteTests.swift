import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct DefaultRouteTests {
    @Test func ipv4PicksLowestMetricGatewayRoute() throws {
        let route = try #require(DefaultRoute.parseIPv4(Fixture.text("proc-net-route")))
        #expect(route == DefaultRoute(interface: "eth0", gateway: IPAddress("192.168.0.1")!, metric: 100))
    }

    @Test func ipv4WithoutDefaultRouteIsNil() {
        let text =
            "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
            + "eth0\t0000A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n"
        #expect(DefaultRoute.parseIPv4(text) == nil)
    }

    @Test func ipv6SkipsLoopbackRejectRoute() throws {
        let route = try #require(DefaultRoute.parseIPv6(Fixture.text("proc-net-ipv6_route")))
        #expect(route.interface == "eth0")
        #expect(route.gateway == IPAddress("fe80::a62b:b0ff:fe11:2230"))
        #expect(route.metric == 0x400)
    }

    @Test func ipv6OnlyRejectRouteIsNil() {
        let text =
            "00000000000000000000000000000000 00 00000000000000000000000000000000 00 "
            + "00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n"
        #expect(DefaultRoute.parseIPv6(text) == nil)
    }
}
