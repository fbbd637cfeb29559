import NetsnapModel

/// The medium widget: the small one plus gateway, targets and public IP.
@dynamicMemberLookup
public struct MediumWidget: Sendable, Equatable, Codable {
    public var small: SmallWidget
    public var gatewayLatencyMs: Double?
    public var targetsOnline: Int
    public var targetsTotal: Int
    public var publicIP: String?

    public init(_ snapshot: Snapshot, small: SmallWidget) {
        self.small = small
        gatewayLatencyMs = snapshot.status.gatewayLatency
        targetsOnline = snapshot.targets.reduce(0) { $0 + ($1.isOnline ? 1 : 0) }
        targetsTotal = snapshot.targets.count
        publicIP = snapshot.status.publicIP?.text
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<SmallWidget, Value>) -> Value { small[keyPath: keyPath] }
}
