import NIOCore

extension TimeAmount {
    /// Seconds from a config as NIO's nanoseconds.
    init(seconds: Double) { self = .nanoseconds(Int64(seconds * 1e9)) }
}
