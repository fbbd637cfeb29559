import Foundation
import NetsnapModel
import Testing

@testable import NetsnapGather

/// How the gatherer learns how devices are connected, from captured output: lldpd's json0
/// (real captures from two lldpd in network namespaces, one announcing itself as a switch,
/// one as a switch and access point) and iw's `dev` and `station dump` (in the format iw's
/// interface.c and station.c print); and what the inventory makes of it.
@Suite struct DeviceLinksTests {
    @Test func lldpdsNeighboursAreReadWithTheirAddressesAndCapabilities() throws {
        let switches = try #require(LLDPNeighbour.parseLLDPCLIJSON0(try Fixture.bytes("lldpcli-switch-json0.json")))
        #expect(switches.count == 1)
        let neighbour = try #require(switches.first)
        #expect(neighbour.interface == "vmap-a")
        #expect(neighbour.name == "hallway-switch")
        // The port is named by interface (ifname), so only the chassis id is a MAC.
        #expect(neighbour.macs == [MACAddress("a2:20:d6:f8:c1:62")!])
        #expect(neighbour.managementAddresses == [IPAddress("10.77.0.2")!, IPAddress("fe80::a020:d6ff:fef8:c162")!])
        #expect(neighbour.capabilities == ["Bridge"])
        #expect(neighbour.isNetworkGear)

        let accessPoint = try #require(LLDPNeighbour.parseLLDPCLIJSON0(try Fixture.bytes("lldpcli-access-point-json0.json"))?.first)
        #expect(accessPoint.capabilities == ["Bridge", "Wlan"])
        #expect(accessPoint.macs == [MACAddress("a2:20:d6:f8:c1:62")!, MACAddress("a2:20:d6:f8:c1:62")!])

        #expect(LLDPNeighbour.parseLLDPCLIJSON0(try Fixture.bytes("lldpcli-no-neighbors-json0.json")) == [])
        #expect(LLDPNeighbour.parseLLDPCLIJSON0(Array("not json".utf8)) == nil)
        #expect(LLDPNeighbour.parseLLDPCLIJSON0(Array(#"{"lldp":{"interface":{}}}"#.utf8)) == nil, "lldpcli's plain json is not json0")
        let station = LLDPNeighbour(interface: "eth0", capabilities: ["Station"])
        #expect(!station.isNetworkGear, "a host running lldpd is a wired neighbour, not network gear")
    }

    @Test func theStationsOfThisHostsAccessPointsAreRead() throws {
        #expect(WirelessStations.parseAccessPointInterfaces(try Fixture.text("iw-dev-ap.txt")) == ["wlan1"])
        #expect(WirelessStations.parseAccessPointInterfaces(try Fixture.text("iw-dev-managed.txt")).isEmpty)
        #expect(WirelessStations.parseAccessPointInterfaces("nl80211 not found.\n").isEmpty)
        #expect(
            WirelessStations.parseStationDump(try Fixture.text("iw-station-dump.txt"))
                == [MACAddress("3c:22:fb:aa:bb:cc")!, MACAddress("48:a6:b8:5f:00:12")!])
        #expect(WirelessStations.parseStationDump("").isEmpty)
    }

    @Test func theInventoryMarksNeighboursWiredAndGearAndStationsWireless() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let gear = MACAddress("a2:20:d6:f8:c1:62")!
        let server = MACAddress("b8:27:eb:00:00:20")!
        let phone = MACAddress("3c:22:fb:aa:bb:cc")!
        let other = MACAddress("f0:18:98:4c:2d:11")!
        let neighbours = [(gear, "10.77.0.2"), (server, "10.77.0.20"), (phone, "10.77.0.23"), (other, "10.77.0.24")].map {
            NeighbourEntry(address: IPAddress($1)!, mac: $0, interface: "eth0", states: ["REACHABLE"])
        }
        let links = DeviceLinks(
            lldpNeighbours: [
                try #require(LLDPNeighbour.parseLLDPCLIJSON0(try Fixture.bytes("lldpcli-switch-json0.json"))?.first),
                // A server running lldpd, matched by its management address alone.
                LLDPNeighbour(interface: "eth0", name: "nas", managementAddresses: [IPAddress("10.77.0.20")!], capabilities: ["Station"]),
            ],
            wirelessStations: [phone])
        var state = GatherState()
        let inventory = DeviceInventory(
            neighbours: neighbours, hostnames: HostnameDirectory(), vendors: [gear: "Raspberry Pi Trading Ltd"],
            overrides: [DeviceOverride(mac: server, name: "NAS", type: .unknown)], gatewayAddresses: [], now: now,
            forgetAfter: 30 * 86_400, links: links)
        let found: [LocalDevice] = inventory.devices(updating: &state)
        let devices = Dictionary(uniqueKeysWithValues: found.compactMap { device in device.macAddress.map { ($0, device) } })
        #expect(devices[gear]?.connection == .wired)
        #expect(devices[gear]?.deviceType == .router, "a switch says so over LLDP, whatever its vendor suggests")
        #expect(devices[server]?.connection == .wired)
        #expect(devices[server]?.deviceType == .unknown, "the configured type wins")
        #expect(devices[phone]?.connection == .wireless)
        #expect(devices[other]?.connection == nil, "not known: neither LLDP nor the station list says")
        #expect(devices.values.allSatisfy { $0.connectedVia == nil }, "LLDP sees only the host's own neighbours")
    }

    @Test func theConfigurationSaysWhatTheHostCannotSee() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let office = MACAddress("a0:40:a0:12:ab:cd")!
        let television = MACAddress("70:2a:d5:10:20:30")!
        let stranger = MACAddress("02:00:00:00:00:42")!
        let neighbours = [(office, "192.168.1.50"), (television, "192.168.1.30"), (stranger, "192.168.1.42")].map {
            NeighbourEntry(address: IPAddress($1)!, mac: $0, interface: "eth0", states: ["REACHABLE"])
        }
        let overrides = [
            DeviceOverride(mac: television, connection: .wired, via: office),
            DeviceOverride(mac: stranger, via: MACAddress("02:00:00:00:00:99")!),
        ]
        var state = GatherState()
        let inventory = DeviceInventory(
            neighbours: neighbours, hostnames: HostnameDirectory(), vendors: [:], overrides: overrides, gatewayAddresses: [], now: now,
            forgetAfter: 30 * 86_400, links: DeviceLinks(wirelessStations: [television]))
        let found: [LocalDevice] = inventory.devices(updating: &state)
        let devices = Dictionary(uniqueKeysWithValues: found.compactMap { device in device.macAddress.map { ($0, device) } })
        #expect(devices[television]?.connectedVia == devices[office]?.id)
        #expect(devices[television]?.connection == .wired, "what the configuration says wins")
        #expect(devices[stranger]?.connectedVia == nil, "a via naming no device seen is left out")
        let configuration = try GatherConfiguration.parse(
            section: #"{"devices": [{"mac": "70:2a:d5:10:20:30", "connection": "wired", "via": "A0-40-A0-12-AB-CD"}]}"#, file: "gather.json"
        )
        #expect(configuration.devices == [DeviceOverride(mac: television, connection: .wired, via: office)])
        let refusals = [
            (#"{"mac": "70:2a:d5:10:20:30", "connection": "wifi"}"#, #"gather.devices[0].connection: unknown connection "wifi""#),
            (#"{"mac": "70:2a:d5:10:20:30", "via": "office"}"#, #"gather.devices[0].via: "office" is not a MAC address"#),
        ]
        for (entry, message) in refusals {
            do {
                _ = try GatherConfiguration.parse(section: "{\"devices\": [\(entry)]}", file: "gather.json")
                Issue.record("\(entry) was accepted")
            } catch {
                #expect("\(error.key): \(error.message)".contains(message), "\(error)")
            }
        }
    }
}
