import NetsnapModel

/// What a subnet sweep found.
public struct SweepReport: Sendable, Equatable {
    public let subnet: IPv4Subnet
    /// How the probes were sent, e.g. "ICMP echo over a raw socket".
    public let method: String
    /// Addresses probed (the subnet's hosts less this host's own).
    public let probed: Int
    /// Addresses that answered an echo request, in address order.
    public let responders: [IPAddress]
    public let duration: Duration
    /// Addresses that answered ARP during the sweep but not the echo (firewalled hosts),
    /// from the neighbour table read afterwards.
    public var arpOnly: [IPAddress] = []

    /// Every live address found, in address order.
    public var liveHosts: [IPAddress] {
        (responders + arpOnly).sorted { IPv4Subnet.number($0)! < IPv4Subnet.number($1)! }
    }

    /// Adds the subnet's reachable neighbours that did not answer the echo.
    mutating func addARPOnly(from neighbours: [NeighbourEntry]) {
        let answered = Set(responders)
        arpOnly = neighbours.filter {
            $0.status == .active && $0.mac != nil && subnet.contains($0.address) && !answered.contains($0.address)
        }.map(\.address)
        arpOnly = Array(Set(arpOnly)).sorted { IPv4Subnet.number($0)! < IPv4Subnet.number($1)! }
    }
}
