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

    public var isOnline: Bool { error == nil }
}
