import NetsnapModel
import Testing

@testable import NetsnapGather

/// Which network the gatherer's memory is kept under: the gateway's MAC, else the subnet.
@Suite struct NetworkKeyTests {
    func readings(gatewayMAC: String?, address: String? = "10.77.0.20") -> HostReadings {
        var readings = HostReadings()
        readings.route4 = DefaultRoute(interface: "eth0", gateway: IPAddress("10.77.0.1")!, metric: 0)
        if let address {
            readings.uplink = UplinkInterface(
                name: "eth0", kind: .ethernet, addresses: [.init(address: IPAddress(address)!, prefixLength: 24)])
        }
        readings.neighbours = [
            NeighbourEntry(
                address: IPAddress("10.77.0.1")!, mac: gatewayMAC.flatMap(MACAddress.init), interface: "eth0", states: ["REACHABLE"])
        ]
        return readings
    }

    @Test func theGatewaysMACNamesTheNetwork() {
        #expect(readings(gatewayMAC: "3c:22:fb:00:00:01").networkKey == "gw-3c22fb000001")
    }

    @Test func withoutItTheSubnetDoes() {
        #expect(readings(gatewayMAC: nil).networkKey == "net-10.77.0.0-24")
        #expect(readings(gatewayMAC: nil, address: nil).networkKey == "via-10-77-0-1")
        #expect(HostReadings().networkKey == "no-network")
    }
}
