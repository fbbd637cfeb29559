import NetsnapSettings

/// Defaults shared by all targets, and how many probes may run at once.
public struct ProbeSettings: Sendable, Equatable {
    /// At most this many targets are probed at the same time.
    public var concurrency: Int
    /// Seconds each attempt may take, unless a target sets its own.
    public var timeout: Double
    /// Attempts after the first failed one, unless a target sets its own.
    public var retries: Int
    /// Echoes per check of an ICMP target, unless it sets its own.
    public var count: Int

    public init(concurrency: Int = 64, timeout: Double = 2, retries: Int = 1, count: Int = 1) {
        self.concurrency = concurrency
        self.timeout = timeout
        self.retries = retries
        self.count = count
    }

    /// The `gather.probes:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        concurrency = try reader.integer("concurrency", in: 1...1024) ?? 64
        timeout = try reader.number("timeout", in: 0.001...3_600) ?? 2
        retries = try reader.integer("retries", in: 0...10) ?? 1
        count = try reader.integer("count", in: ProbeTarget.countRange) ?? 1
    }
}
