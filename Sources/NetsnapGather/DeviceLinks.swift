import NetsnapModel

/// What this host can tell of how devices are connected: its LLDP neighbours (wired; a
/// switch, an access point or a router by the capabilities it announces) and, where the host
/// is itself an access point, its associated Wi-Fi stations (wireless). Everything else stays
/// not known — never guessed from a vendor or a name.
public struct DeviceLinks: Sendable, Equatable {
    public var lldpNeighbours: [LLDPNeighbour] = []
    public var wirelessStations: Set<MACAddress> = []

    public init(lldpNeighbours: [LLDPNeighbour] = [], wirelessStations: Set<MACAddress> = []) {
        self.lldpNeighbours = lldpNeighbours
        self.wirelessStations = wirelessStations
    }

    /// How the device with `mac` and `addresses` is connected, and whether it announces
    /// itself as network gear. A station of this host's access point is wireless even when
    /// LLDP heard it too (its frames came over the air).
    public func link(mac: MACAddress, addresses: [IPAddress]) -> (connection: LocalDevice.Connection?, isNetworkGear: Bool) {
        let neighbour = lldpNeighbours.first { neighbour in
            neighbour.macs.contains(mac) || neighbour.managementAddresses.contains(where: addresses.contains)
        }
        if wirelessStations.contains(mac) { return (.wireless, neighbour?.isNetworkGear ?? false) }
        guard let neighbour else { return (nil, false) }
        return (.wired, neighbour.isNetworkGear)
    }
}
