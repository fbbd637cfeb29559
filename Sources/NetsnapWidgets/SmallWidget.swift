import NetsnapLanguage
import NetsnapModel

/// The small widget: status at a glance.
public struct SmallWidget: Sendable, Equatable, Codable {
    public var overall: OverallStatus
    public var connectionType: NetworkStatus.ConnectionType
    public var networkName: String
    /// 0–4, nil when the snapshot has no signal reading.
    public var signalBars: Int?
    public var signalDBm: Int?
    /// "Ethernet · 1 Gb/s" where a wired or cellular link shows instead of Wi-Fi signal;
    /// nil on Wi-Fi and without a network.
    public var linkLabel: String?
    /// The negotiated speed of the link in Mb/s, when known.
    public var linkSpeedMbps: Int?
    /// The host's interface, e.g. "eth0".
    public var interfaceName: String?

    /// `overall` is passed in because it is judged on the unredacted snapshot.
    public init(_ snapshot: Snapshot, overall: OverallStatus) {
        let status = snapshot.status
        self.overall = overall
        connectionType = status.connectionType
        networkName = StatusRules.networkName(status)
        // No bars on a wire, whatever a producer wrote.
        let hasSignal = LinkText.hasSignal(status.connectionType)
        signalBars = hasSignal ? StatusRules.signalBars(dBm: status.signalDBm, percent: status.signalStrength) : nil
        signalDBm = hasSignal ? status.signalDBm : nil
        linkLabel = LinkText.label(status.connectionType, speedMbps: status.linkSpeedMbps)
        linkSpeedMbps = status.linkSpeedMbps
        interfaceName = status.interfaceName
    }
}

extension SmallWidget {
    /// The network's name as people read it: the SSID, or the kind of link in `wording`'s
    /// language, where `networkName` keeps the English stand-in ("Ethernet", "Wi-Fi" for a
    /// hidden network) for machines.
    public func shownNetworkName(_ wording: Wording) -> String {
        switch connectionType {
        case .wifi: networkName == "Wi-Fi" ? wording(.wifi) : networkName
        case .ethernet: wording(.ethernet)
        case .cellular: wording(.cellular)
        case .none: wording(.noNetwork)
        }
    }
}
