import NetsnapModel

/// The small widget: status at a glance.
public struct SmallWidget: Sendable, Equatable {
    public var overall: OverallStatus
    public var connectionType: NetworkStatus.ConnectionType
    public var networkName: String
    /// 0–4, nil when the snapshot has no signal reading.
    public var signalBars: Int?
    public var signalDBm: Int?

    public init(_ snapshot: Snapshot, options: WidgetOptions) {
        overall = StatusRules.overall(snapshot, options: options)
        connectionType = snapshot.status.connectionType
        networkName = StatusRules.networkName(snapshot.status)
        signalBars = StatusRules.signalBars(dBm: snapshot.status.signalDBm, percent: snapshot.status.signalStrength)
        signalDBm = snapshot.status.signalDBm
    }
}
