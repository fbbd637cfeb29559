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
}
