import Foundation
import NetsnapFeeds
import NetsnapModel
import NetsnapPages
import NetsnapWidgets

/// Runs every renderer over one snapshot, in memory: value in, files out, nothing written.
public struct OutputRenderer: Sendable {
    public let configuration: NetsnapConfiguration
    /// Templates are read once here; a broken one fails every render with its file and line.
    let pages: Result<PageRenderer, PageTemplateError>

    public init(configuration: NetsnapConfiguration) {
        self.configuration = configuration
        pages = Result { () throws(PageTemplateError) in try PageRenderer(settings: configuration.pages) }
    }

    /// The widget models for `snapshot`, redacted first when configured.
    public func widgets(for snapshot: Snapshot) -> WidgetSet {
        WidgetSet(visible(snapshot), options: configuration.widgets)
    }

    /// The snapshot as outputs may show it: redacted when configured.
    func visible(_ snapshot: Snapshot) -> Snapshot { configuration.redact ? snapshot.redacted() : snapshot }

    /// Every output file for `snapshot` rendered at `now`.
    public func render(_ snapshot: Snapshot, now: Date) throws -> [OutputFile] {
        let shown = visible(snapshot)
        let widgets = WidgetSet(shown, options: configuration.widgets)
        let context = FeedContext(generatedAt: now, badgeLabel: configuration.badgeLabel, redacted: configuration.redact)
        return [
            OutputFile(path: "widgets.json", bytes: WidgetsFeed.bytes(widgets, context: context)),
            OutputFile(path: "badge.json", bytes: BadgeFeed.bytes(widgets, context: context)),
            OutputFile(path: "summary.json", bytes: SummaryFeed.bytes(widgets, context: context)),
            OutputFile(path: "devices.json", bytes: DevicesFeed.bytes(shown, context: context)),
        ] + (try pages.get().render(widgets, now: now).map { OutputFile(path: $0.path, bytes: $0.bytes) })
    }
}
