import Foundation
import NetsnapModel

/// The three widget models for one snapshot, with the times every renderer needs.
public struct WidgetSet: Sendable, Equatable {
    public var small: SmallWidget
    public var medium: MediumWidget
    public var large: LargeWidget
    /// The dashboard's details beyond the widgets.
    public var dashboard: DashboardDetails
    /// When the snapshot was taken.
    public var snapshotAt: Date
    /// After this the data is stale; renderers compare it with the render time they are given.
    public var expiresAt: Date

    /// Maps `snapshot` with `options`; redact the snapshot first for public outputs.
    public init(_ snapshot: Snapshot, options: WidgetOptions = WidgetOptions()) {
        small = SmallWidget(snapshot, options: options)
        medium = MediumWidget(snapshot, small: small)
        large = LargeWidget(snapshot, medium: medium)
        dashboard = DashboardDetails(snapshot)
        snapshotAt = snapshot.generatedAt
        expiresAt = snapshot.generatedAt.addingTimeInterval(options.freshnessSeconds)
    }

    public var overall: OverallStatus { small.overall }

    /// True when `date` is past `expiresAt`.
    public func isStale(at date: Date) -> Bool { date > expiresAt }
}
