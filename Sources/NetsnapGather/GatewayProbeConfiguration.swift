/// Whether and how the default gateway's latency is measured (ICMP echo).
public struct GatewayProbeConfiguration: Sendable, Equatable, Decodable {
    /// Off by default: the gateway is only pinged when the config asks.
    public var latency: Bool
    /// Echo requests sent one after another; the mean of the answered ones is reported.
    public var pings: Int
    /// Seconds to wait for each reply.
    public var timeout: Double

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case latency, pings, timeout
    }

    public init(latency: Bool = false, pings: Int = 3, timeout: Double = 1) {
        self.latency = latency
        self.pings = pings
        self.timeout = timeout
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latency = try container.decodeIfPresent(Bool.self, forKey: .latency) ?? false
        pings = try container.decodeIfPresent(Int.self, forKey: .pings, expecting: "1…20 pings", where: { (1...20).contains($0) }) ?? 3
        timeout =
            try container.decodeIfPresent(Double.self, forKey: .timeout, expecting: "seconds > 0", where: { $0 > 0 }) ?? 1
    }
}
