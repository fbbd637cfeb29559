/// What the live link tells its owner about the connection.
public enum LinkEvent: Sendable, Equatable {
    /// Connected; the status was asked for.
    case connected(LinkEndpoint)
    /// No connection, and why; the next attempt comes after `retryInSeconds`.
    case down(reason: String, retryInSeconds: Double)
}
