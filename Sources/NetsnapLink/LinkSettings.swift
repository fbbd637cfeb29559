/// How the live link behaves; the defaults are the documented ones.
public struct LinkSettings: Sendable, Equatable {
    /// Seconds between `{"type":"ping"}` lines (the config's `source.keepaliveSeconds`).
    public var keepaliveSeconds: Double = 15
    /// A connection on which nothing arrived for this long (seconds) is dropped and made
    /// anew: the data is stale by then anyway, and a half-open connection heals.
    public var silenceSeconds: Double = 300
    /// A line longer than this drops the connection instead of growing memory.
    public var maximumLineBytes: Int = 16 << 20
    /// Seconds to wait for a connection to be accepted.
    public var connectTimeoutSeconds: Double = 10
    /// The pauses between attempts.
    public var reconnect = ReconnectSchedule()

    public init() {}
}
