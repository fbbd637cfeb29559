import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct DeviceInventoryTests {
    @Test func inventoryKeepsIdsMarksSilentDevicesOfflineAndForgetsOldOnes() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let mac = MACAddress("b8:27:eb:00:00:11")!
        var state = GatherState()
        let id = UUID()
        state.devices = [
            GatherState.Device(
                id: id, mac: mac.text, ip: "10.0.0.11", hostname: "pi", firstSeen: RFC3339.format(now - 86_400),
                lastSeen: RFC3339.format(now - 600)),
            GatherState.Device(
                id: UUID(), mac: "3c:22:fb:00:00:99", ip: "10.0.0.99", hostname: nil, firstSeen: RFC3339.format(now - 90 * 86_400),
                lastSeen: RFC3339.format(now - 40 * 86_400)),
        ]
        let neighbours = [
            NeighbourEntry(address: IPAddress("10.0.0.11")!, mac: nil, interface: "eth0", states: ["FAILED"]),
            NeighbourEntry(address: IPAddress("10.0.0.1")!, mac: MACAddress("a4:2b:b0:00:00:01"), interface: "eth0", states: ["REACHABLE"]),
            NeighbourEntry(address: IPAddress("fe80::1")!, mac: MACAddress("a4:2b:b0:00:00:01"), interface: "eth0", states: ["STALE"]),
            NeighbourEntry(address: IPAddress("ff02::16")!, mac: MACAddress("33:33:00:00:00:16"), interface: "eth0", states: ["NOARP"]),
        ]
        let inventory = DeviceInventory(
            neighbours: neighbours, hostnames: HostnameDirectory(), vendors: [:], overrides: [],
            gatewayAddresses: [IPAddress("10.0.0.1")!], now: now, forgetAfter: 30 * 86_400)
        let devices = inventory.devices(updating: &state)
        #expect(devices.count == 2)
        #expect(devices[0].ipAddress == IPAddress("10.0.0.1"))  // IPv4 preferred over the router's fe80::1
        #expect(devices[0].status == .active)
        #expect(devices[0].deviceType == .router)
        #expect(devices[1].id == id)
        #expect(devices[1].status == .offline)
        #expect(devices[1].hostname == "pi")
        #expect(devices[1].lastSeen == now - 600)
        #expect(state.devices.map(\.mac) == ["a4:2b:b0:00:00:01", mac.text])  // the 40-day-old one is forgotten
    }
}
