import NetsnapModel

/// The outcome of probing one configured target.
public struct TargetResult: Sendable, Equatable {
    public let target: ProbeTarget
    /// The successful attempt's time (connect, first byte, round trip or resolution),
    /// counted from after name resolution (see docs/gathering.md, "Probe timing").
    public let latency: Duration?
    /// How long the last attempt's name resolution took; nil for a literal address.
    public let resolution: Duration?
    /// Why the last attempt failed; nil when online.
    public let error: ProbeError?
    public let attempts: Int
    /// The last attempt's burst of echoes, for an ICMP target checked with several; nil otherwise.
    public let echoes: EchoTally?

    public init(
        target: ProbeTarget, latency: Duration?, resolution: Duration?, error: ProbeError?, attempts: Int,
        echoes: EchoTally? = nil
    ) {
        self.target = target
        self.latency = latency
        self.resolution = resolution
        self.error = error
        self.attempts = attempts
        self.echoes = echoes
    }

    public var isOnline: Bool { error == nil }
}
