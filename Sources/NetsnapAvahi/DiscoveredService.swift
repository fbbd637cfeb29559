/// A service found by browsing, resolved to an address and port.
public struct DiscoveredService: Sendable, Equatable, CustomStringConvertible {
    /// The service's instance name ("Studio Mac").
    public var name: String
    /// The host's mDNS name ("studio.local").
    public var hostName: String
    /// An address to connect to (IPv4 preferred; an IPv6 link-local one carries its `%interface`).
    public var address: String
    public var port: Int
    public var isIPv4: Bool

    public init(name: String, hostName: String, address: String, port: Int, isIPv4: Bool) {
        self.name = name
        self.hostName = hostName
        self.address = address
        self.port = port
        self.isIPv4 = isIPv4
    }

    public var description: String { "“\(name)” on \(hostName) (\(address) port \(port))" }
}
