import Foundation
import NetsnapModel

/// The three widget models for one snapshot, with the times every renderer needs.
public struct WidgetSet: Sendable, Equatable, Codable {
    public var small: SmallWidget
    public var medium: MediumWidget
    public var large: LargeWidget
    /// The dashboard's details beyond the widgets.
    public var dashboard: DashboardDetails
    /// When the snapshot was taken.
    public var snapshotAt: Date
    /// After this the data is stale; renderers compare it with the render time they are given.
    public var expiresAt: Date
    /// Uptime and latency series from the history store; nil when rendering without history.
    public var history: HistorySummary?
    /// What maintenance covers now; nil when nothing (or without a watch loop).
    public var maintenance: MaintenanceMark?
    /// The newest measurement of the line's speed, when one is configured.
    public var speed: SpeedResult?

    /// Maps `snapshot` with `options`. With `redacted`, every value comes from
    /// `snapshot.redacted()` but the overall status is still judged on the full snapshot:
    /// hiding the gateway's address must not make the network look offline.
    public init(
        _ snapshot: Snapshot, options: WidgetOptions = WidgetOptions(), redacted: Bool = false,
        history: HistorySummary? = nil
    ) {
        self.init(snapshot, shown: redacted ? snapshot.redacted() : snapshot, options: options, history: history)
    }

    /// Maps `shown` (the snapshot as outputs may show it, already redacted by the caller who
    /// needs it too), judging the overall status on the full `snapshot`.
    public init(_ snapshot: Snapshot, shown: Snapshot, options: WidgetOptions = WidgetOptions(), history: HistorySummary? = nil) {
        small = SmallWidget(shown, overall: StatusRules.overall(snapshot, options: options))
        medium = MediumWidget(shown, small: small)
        large = LargeWidget(shown, medium: medium, options: options)
        dashboard = DashboardDetails(shown, options: options)
        snapshotAt = snapshot.generatedAt
        expiresAt = snapshot.generatedAt.addingTimeInterval(options.freshnessSeconds)
        self.history = history
        speed = shown.speed
        // Each target row carries its 24 h uptime, so pages and widgets.json show it beside the row.
        if let history {
            let uptimes = Dictionary(history.targets.map { ($0.targetID, $0.uptime24h) }, uniquingKeysWith: { first, _ in first })
            for index in large.topTargets.indices { large.topTargets[index].uptime24h = uptimes[large.topTargets[index].id] ?? nil }
            for index in dashboard.targets.indices { dashboard.targets[index].uptime24h = uptimes[dashboard.targets[index].id] ?? nil }
        }
    }

    public var overall: OverallStatus { small.overall }

    /// How current the data is at `date`.
    public func freshness(at date: Date) -> Freshness { Freshness(snapshotAt: snapshotAt, expiresAt: expiresAt, at: date) }

    /// Seconds from the snapshot time to `date`; negative when the snapshot is dated later.
    public func ageSeconds(at date: Date) -> Double { date.timeIntervalSince(snapshotAt) }

    /// True unless the data is fresh at `date`: past `expiresAt`, or dated implausibly ahead.
    public func isStale(at date: Date) -> Bool { freshness(at: date).isStale }
}
