import Foundation
import NetsnapFeeds
import NetsnapModel
import NetsnapWidgets

/// Runs every renderer over one snapshot, in memory: value in, files out, nothing written.
public struct OutputRenderer: Sendable {
    public let configuration: NetsnapConfiguration

    public init(configuration: NetsnapConfiguration) { self.configuration = configuration }

    /// The widget models for `snapshot`, redacted first when configured.
    public func widgets(for snapshot: Snapshot, history: HistorySummary? = nil) -> WidgetSet {
        WidgetSet(snapshot, options: configuration.widgets, redacted: configuration.redact, history: history)
    }

    /// Every output file for `snapshot` rendered at `now`. With `events` (from the history
    /// store, as `watch` has them) the event feeds are rendered too.
    public func render(
        _ snapshot: Snapshot, now: Date, history: HistorySummary? = nil, events: [NetworkEvent]? = nil
    ) throws -> [OutputFile] {
        let widgets = widgets(for: snapshot, history: history)
        let context = FeedContext(generatedAt: now, badgeLabel: configuration.badgeLabel, redacted: configuration.redact)
        var files = [
            OutputFile(path: "widgets.json", bytes: WidgetsFeed.bytes(widgets, context: context)),
            OutputFile(path: "badge.json", bytes: BadgeFeed.bytes(widgets, context: context)),
            OutputFile(path: "summary.json", bytes: SummaryFeed.bytes(widgets, context: context)),
        ]
        if let events {
            let feedContext = EventFeedContext(
                title: configuration.feedTitle ?? "netsnap — \(widgets.small.networkName)", baseURL: configuration.publicURL,
                limit: configuration.feedItems, redacted: configuration.redact, fallbackUpdated: widgets.snapshotAt)
            files.append(OutputFile(path: "feed.json", bytes: JSONFeed.bytes(events, context: feedContext)))
            files.append(OutputFile(path: "feed.xml", bytes: AtomFeed.bytes(events, context: feedContext)))
        }
        return files
    }
}
