import NetsnapSettings

/// The search for live hosts in the local subnet: off unless the config or `--sweep`
/// asks. ICMP echo to every address (the exchange also fills the neighbour table via
/// ARP, which finds hosts that drop ICMP); when ICMP is not permitted, UDP datagrams that
/// trigger ARP only.
public struct SweepConfiguration: Sendable, Equatable {
    /// Sweep on every gather, not just with `--sweep`.
    public var enabled: Bool
    /// IPv4 CIDR to sweep; nil sweeps the uplink interface's own IPv4 subnet.
    public var subnet: String?
    /// Allows subnets larger than a /22 (1022 addresses).
    public var force: Bool
    /// The longest a probe may wait for its answer, in seconds.
    public var timeout: Double
    /// The shortest wait: the actual wait adapts to three times the slowest answer seen.
    public var minimumTimeout: Double
    /// Echo requests sent again to silent addresses.
    public var retries: Int
    /// Probes awaiting an answer at any moment.
    public var concurrency: Int

    public init(
        enabled: Bool = false, subnet: String? = nil, force: Bool = false, timeout: Double = 1,
        minimumTimeout: Double = 0.25, retries: Int = 1, concurrency: Int = 256
    ) {
        self.enabled = enabled
        self.subnet = subnet
        self.force = force
        self.timeout = timeout
        self.minimumTimeout = minimumTimeout
        self.retries = retries
        self.concurrency = concurrency
    }

    /// The `gather.sweep:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        let defaults = SweepConfiguration()
        enabled = try reader.bool("enabled") ?? defaults.enabled
        subnet = try reader.string("subnet")
        if let subnet, IPv4Subnet(subnet) == nil {
            throw reader.error("subnet", "expected an IPv4 subnet such as 192.168.1.0/24, found \"\(subnet)\"")
        }
        force = try reader.bool("force") ?? defaults.force
        timeout = try reader.number("timeout", in: 0.001...3_600) ?? defaults.timeout
        minimumTimeout = try reader.number("minimumTimeout", in: 0.001...3_600) ?? defaults.minimumTimeout
        retries = try reader.integer("retries", in: 0...5) ?? defaults.retries
        concurrency = try reader.integer("concurrency", in: 1...4096) ?? defaults.concurrency
    }
}
