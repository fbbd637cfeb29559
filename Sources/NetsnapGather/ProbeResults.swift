/// What the active step found: the targets, the gateway's latency and the public IP, each
/// empty or nil when the configuration does not ask for it. (A sweep only fills the
/// neighbour table, which the passive read then sees.)
public struct ProbeResults: Sendable, Equatable {
    /// One result per configured target, in the configuration's order.
    public var targets: [TargetResult] = []
    /// The mean echo round trip to the gateway in milliseconds, or why there was none.
    public var gatewayLatency: Result<Double, ProbeError>?
    public var publicIP: Result<PublicIPInfo, ProbeError>?

    public init() {}
}
