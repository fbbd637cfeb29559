/// The search for live hosts in the local subnet: off unless the config or `--sweep`
/// asks. ICMP echo to every address (the exchange also fills the neighbour table via
/// ARP, which finds hosts that drop ICMP); when ICMP is not permitted, UDP datagrams that
/// trigger ARP only.
public struct SweepConfiguration: Sendable, Equatable, Decodable {
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

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, subnet, force, timeout, minimumTimeout, retries, concurrency
    }

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

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SweepConfiguration()
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? defaults.enabled
        subnet = try container.decodeIfPresent(
            String.self, forKey: .subnet, expecting: "an IPv4 subnet such as 192.168.1.0/24", where: { IPv4Subnet($0) != nil })
        force = try container.decodeIfPresent(Bool.self, forKey: .force) ?? defaults.force
        timeout =
            try container.decodeIfPresent(Double.self, forKey: .timeout, expecting: "seconds > 0", where: { $0 > 0 }) ?? defaults.timeout
        minimumTimeout =
            try container.decodeIfPresent(Double.self, forKey: .minimumTimeout, expecting: "seconds > 0", where: { $0 > 0 })
            ?? defaults.minimumTimeout
        retries =
            try container.decodeIfPresent(Int.self, forKey: .retries, expecting: "0…5", where: { (0...5).contains($0) }) ?? defaults.retries
        concurrency =
            try container.decodeIfPresent(Int.self, forKey: .concurrency, expecting: "1…4096", where: { (1...4096).contains($0) })
            ?? defaults.concurrency
    }
}
