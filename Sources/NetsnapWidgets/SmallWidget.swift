import NetsnapModel

/// The small widget: status at a glance.
public struct SmallWidget: Sendable, Equatable, Codable {
    public var overall: OverallStatus
    public var connectionType: NetworkStatus.ConnectionType
    public var networkName: String
    /// 0–4, nil when the snapshot has no signal reading.
    public var signalBars: Int?
    public var signalDBm: Int?

    /// `overall` is passed in because it is judged on the unredacted snapshot.
    public init(_ snapshot: Snapshot, overall: OverallStatus) {
        self.overall = overall
        connectionType = snapshot.status.connectionType
        networkName = StatusRules.networkName(snapshot.status)
        signalBars = StatusRules.signalBars(dBm: snapshot.status.signalDBm, percent: snapshot.status.signalStrength)
        signalDBm = snapshot.status.signalDBm
    }
}
