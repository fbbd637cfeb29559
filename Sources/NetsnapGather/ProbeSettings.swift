/// Defaults shared by all targets, and how many probes may run at once.
public struct ProbeSettings: Sendable, Equatable, Decodable {
    /// At most this many targets are probed at the same time.
    public var concurrency: Int
    /// Seconds each attempt may take, unless a target sets its own.
    public var timeout: Double
    /// Attempts after the first failed one, unless a target sets its own.
    public var retries: Int
    /// Echoes per check of an ICMP target, unless it sets its own.
    public var count: Int

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case concurrency, timeout, retries, count
    }

    public init(concurrency: Int = 64, timeout: Double = 2, retries: Int = 1, count: Int = 1) {
        self.concurrency = concurrency
        self.timeout = timeout
        self.retries = retries
        self.count = count
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        concurrency =
            try container.decodeIfPresent(Int.self, forKey: .concurrency, expecting: "1…1024", where: { (1...1024).contains($0) })
            ?? 64
        timeout =
            try container.decodeIfPresent(Double.self, forKey: .timeout, expecting: "seconds > 0", where: { $0 > 0 }) ?? 2
        retries = try container.decodeIfPresent(Int.self, forKey: .retries, expecting: "0…10", where: { (0...10).contains($0) }) ?? 1
        count =
            try container.decodeIfPresent(Int.self, forKey: .count, expecting: "1…100", where: { ProbeTarget.countRange.contains($0) })
            ?? 1
    }
}
