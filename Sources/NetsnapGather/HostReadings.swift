import NetsnapModel

/// Everything the passive read found on this host: routes, the uplink, the neighbour
/// table, the Wi-Fi link, how devices are connected, host names and vendors, and notes about
/// what was missing.
/// A new passive source adds its field here, its reader to `Gatherer.readHost`, and its
/// use to `Gatherer.assemble`.
public struct HostReadings: Sendable, Equatable {
    public var route4: DefaultRoute?
    public var route6: DefaultRoute?
    public var uplink: UplinkInterface?
    public var neighbours: [NeighbourEntry] = []
    public var wifi: WirelessLink?
    /// What LLDP and this host's own access point tell of how devices are connected.
    public var links = DeviceLinks()
    public var hostnames = HostnameDirectory()
    /// Vendor names by MAC, for the neighbours, remembered devices and the BSSID.
    public var vendors: [MACAddress: String] = [:]
    /// One line per source that was missing or unreadable.
    public var notes: [String] = []

    public init() {}

    /// The gateway of the default route, IPv4 preferred.
    public var gateway: IPAddress? { route4?.gateway ?? route6?.gateway }

    /// Which network this host is on, for keeping what the gatherer remembers apart per
    /// network: the gateway's MAC, else the uplink's IPv4 subnet, else the gateway's address.
    /// Safe as part of a file name.
    public var networkKey: String {
        if let gateway, let mac = neighbours.first(where: { $0.address == gateway && $0.mac != nil })?.mac {
            return "gw-" + mac.text.replacingOccurrences(of: ":", with: "")
        }
        for address in uplink?.addresses ?? [] {
            if let subnet = IPv4Subnet("\(address.address.text)/\(address.prefixLength)") {
                return "net-" + subnet.description.replacingOccurrences(of: "/", with: "-")
            }
        }
        if let gateway { return "via-" + gateway.text.map { $0.isLetter || $0.isNumber ? $0 : "-" }.map(String.init).joined() }
        return "no-network"
    }
}
