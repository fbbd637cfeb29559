import NetsnapModel

/// The outcome of probing one configured target.
public struct TargetResult: Sendable, Equatable {
    public let target: ProbeTarget
    /// The successful attempt's time (connect, first byte, round trip or resolution).
    public let latency: Duration?
    /// Why the last attempt failed; nil when online.
    public let error: ProbeError?
    public let attempts: Int

    public var isOnline: Bool { error == nil }
}
