import NetsnapSettings

/// Whether and how the default gateway's latency is measured (ICMP echo).
public struct GatewayProbeConfiguration: Sendable, Equatable {
    /// Off by default: the gateway is only pinged when the config asks.
    public var latency: Bool
    /// Echo requests sent one after another; the mean of the answered ones is reported.
    public var pings: Int
    /// Seconds to wait for each reply.
    public var timeout: Double

    public init(latency: Bool = false, pings: Int = 3, timeout: Double = 1) {
        self.latency = latency
        self.pings = pings
        self.timeout = timeout
    }

    /// The `gather.gateway:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        latency = try reader.bool("latency") ?? false
        pings = try reader.integer("pings", in: 1...20) ?? 3
        timeout = try reader.number("timeout", in: 0.001...3_600) ?? 1
    }
}
