import NetsnapPush

/// The `sites:` section: the broker an aggregating netsnap (`watch --sites`) reads its sites'
/// snapshots from, and how it judges them. Unset keys take the `mqtt:` section's values.
public struct SitesSettings: Sendable, Equatable {
    /// The broker, credentials, TLS and topic prefix (`nodeID` names the aggregator's client).
    public var broker: MQTTSettings
    /// A site that sent no snapshot for this long is lost (default 180 s): sites re-publish
    /// an unchanged snapshot periodically, so silence this long means the site is gone.
    public var freshnessSeconds: Double = 180
    /// A site whose last will came, or that said `offline`, is lost only when it is not back
    /// this long after (default 120 s), counted from when the wall's own connection was
    /// up: twice libmosquitto's longest reconnect back-off (60 s), so sites reconnecting on
    /// their own back-off after a broker restart, or a site restarting, are no loss.
    public var lostAfterSeconds: Double = 120
    /// Larger snapshots are refused and their site shown invalid (default 4 MB).
    public var maximumSnapshotBytes: Int = 4 * 1024 * 1024
    /// Repeat each site's own target events (down, recovered) on the wall's, prefixed with
    /// its name (default false: the wall tells of sites, each site of its targets).
    public var forwardEvents = false

    public init(broker: MQTTSettings) {
        self.broker = broker
    }

    /// The client id the aggregator connects as: never its own push client's, nor a site's.
    public var clientID: String { "netsnap-sites-\(broker.nodeID)" + (broker.installationID.map { "-" + $0 } ?? "") }
}
