import Foundation
import NetsnapFeeds
import NetsnapModel
import NetsnapWidgets

/// Runs every renderer over one snapshot, in memory: value in, files out, nothing written.
public struct OutputRenderer: Sendable {
    public let configuration: NetsnapConfiguration

    public init(configuration: NetsnapConfiguration) { self.configuration = configuration }

    /// The widget models for `snapshot`, redacted first when configured.
    public func widgets(for snapshot: Snapshot) -> WidgetSet {
        WidgetSet(configuration.redact ? snapshot.redacted() : snapshot, options: configuration.widgets)
    }

    /// Every output file for `snapshot` rendered at `now`.
    public func render(_ snapshot: Snapshot, now: Date) throws -> [OutputFile] {
        let widgets = widgets(for: snapshot)
        let context = FeedContext(generatedAt: now, badgeLabel: configuration.badgeLabel, redacted: configuration.redact)
        return [
            OutputFile(path: "widgets.json", bytes: WidgetsFeed.bytes(widgets, context: context)),
            OutputFile(path: "badge.json", bytes: BadgeFeed.bytes(widgets, context: context)),
            OutputFile(path: "summary.json", bytes: SummaryFeed.bytes(widgets, context: context)),
        ]
    }
}
