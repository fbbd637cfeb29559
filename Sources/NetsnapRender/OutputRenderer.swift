import Foundation
import NetsnapFeeds
import NetsnapModel
import NetsnapPages
import NetsnapText
import NetsnapTiles
import NetsnapWidgets

/// Runs every renderer over one snapshot, in memory: value in, files out, nothing written.
public struct OutputRenderer: Sendable {
    public let settings: RenderSettings
    /// Nil when tiles are off; it owns the loaded fonts, so keep one renderer per process.
    public let tiles: TileRenderer?
    /// Nil renders no pages; templates are read once, when the renderer is made.
    public let pages: PageRenderer?

    public init(settings: RenderSettings, tiles: TileRenderer?, pages: PageRenderer? = nil) {
        self.settings = settings
        self.tiles = tiles
        self.pages = pages
    }

    /// A renderer with the configured templates read and fonts loaded (when tiles are on).
    /// Without `pages` no template is read: a command that draws one tile starts faster.
    public static func make(settings: RenderSettings, pages: Bool = true) throws -> OutputRenderer {
        let tiles = settings.tiles.enabled ? TileRenderer(fonts: try FontSystem.make(configuration: settings.tiles.fonts)) : nil
        return OutputRenderer(
            settings: settings, tiles: tiles, pages: pages ? try PageRenderer(settings: settings.pages) : nil)
    }

    /// The widget models for `snapshot`, redacted first when configured.
    public func widgets(for snapshot: Snapshot, history: HistorySummary? = nil) -> WidgetSet {
        WidgetSet(snapshot, options: settings.widgets, redacted: settings.redact, history: history)
    }

    /// Every output file for `snapshot` rendered at `now`. With `events` (from the history
    /// store, as `watch` has them) the event feeds are rendered too.
    public func render(
        _ snapshot: Snapshot, now: Date, history: HistorySummary? = nil, events: [NetworkEvent]? = nil, uptime: UptimeReport? = nil,
        incidents: [Incident]? = nil
    ) throws -> [OutputFile] {
        try renderWithWidgets(snapshot, now: now, history: history, events: events, uptime: uptime, incidents: incidents).files
    }

    /// `render`, also returning the widget models the files were made from (the server
    /// draws tiles on demand from them). With `reuse` (a watch loop's), pages and tiles whose
    /// inputs equal the last render's are taken from it instead of drawn again. `displays`
    /// (what `serve` wrote in `displays.json`) fill the dashboard's Displays card.
    public func renderWithWidgets(
        _ snapshot: Snapshot, now: Date, history: HistorySummary? = nil, events: [NetworkEvent]? = nil,
        uptime: UptimeReport? = nil, incidents: [Incident]? = nil, reuse: RenderReuse? = nil, problem: String? = nil,
        maintenance: MaintenanceCoverage? = nil, displays: [DisplayEntry] = []
    ) throws -> (widgets: WidgetSet, files: [OutputFile]) {
        reuse?.beginRender()
        // Redacted once, shared by the widgets and devices.json.
        let shown = settings.redact ? snapshot.redacted() : snapshot
        var history = history
        if let uptime { history?.worstUptime = UptimeStrip(worstTargetOf: uptime) }
        var widgets = WidgetSet(snapshot, shown: shown, options: settings.widgets, history: history)
        widgets.maintenance = MaintenanceMark(maintenance, rows: widgets.dashboard.targets)
        let context = FeedContext(
            generatedAt: now, badgeLabel: settings.badgeLabel, redacted: settings.redact, timeZone: settings.timeZone,
            problem: problem, maintenance: maintenance, wording: settings.wording)
        var files = [
            OutputFile(path: "widgets.json", bytes: WidgetsFeed.bytes(widgets, context: context)),
            OutputFile(path: "badge.json", bytes: BadgeFeed.bytes(widgets, context: context)),
            OutputFile(path: "summary.json", bytes: SummaryFeed.bytes(widgets, context: context)),
            OutputFile(path: "devices.json", bytes: DevicesFeed.bytes(shown, expiresAt: widgets.expiresAt, context: context)),
            OutputFile(path: WidgetState.path, bytes: try WidgetState.bytes(widgets)),
        ]
        files += TargetBadgeFeed.files(widgets, context: context).map { OutputFile(path: $0.path, bytes: $0.bytes) }
        if let incidents {
            files.append(OutputFile(path: "incidents.json", bytes: IncidentsFeed.bytes(incidents, widgets: widgets, context: context)))
        }
        if let uptime {
            files.append(OutputFile(path: "uptime.json", bytes: UptimeFeed.bytes(uptime, widgets: widgets, context: context)))
            files += UptimeFeed.badgeFiles(uptime, widgets: widgets, settings.wording).map { OutputFile(path: $0.path, bytes: $0.bytes) }
        }
        if let events {
            let title = defaultFeedTitle(widgets)
            files += feeds(events, incidents: incidents ?? [], defaultTitle: title, fallbackUpdated: widgets.snapshotAt, now: now)
        }
        if let pages {
            // The night hours change the theme a page opens in, not its settings.
            let drawnPages = PagesAsDrawn(
                settings: pages.settings, theme: pages.settings.theme(at: now), problem: problem, displays: displays, uptime: uptime,
                incidents: incidents)
            let inputs = RenderedInputs(widgets: widgets, now: now, timeZone: pages.settings.timeZone, settings: drawnPages.mapping(shown))
            files += Self.reusing(reuse, "pages", inputs) {
                var drawn = pages.render(widgets, now: now, problem: problem, displays: displays, uptime: uptime)
                if let incidents { drawn.append(pages.incidentsPage(incidents, widgets: widgets, now: now, redacted: settings.redact)) }
                drawn += [pages.mapPage(shown, widgets: widgets, now: now), pages.speedPage(widgets: widgets, now: now)]
                return drawn.map { OutputFile(path: $0.path, bytes: $0.bytes) }
            }
        }
        if let tiles {
            let isNight = settings.night?.contains(now, timeZone: settings.timeZone) == true
            for request in settings.tiles.requests {
                let drawn = isNight ? TileSettings.atNight(request) : request
                let inputs = RenderedInputs(widgets: widgets, now: now, timeZone: drawn.timeZone, settings: drawn)
                files += try Self.reusing(reuse, request.fileName, inputs) {
                    [OutputFile(path: request.fileName, bytes: try tiles.png(for: widgets, request: drawn, now: now))]
                }
            }
        }
        return (widgets, files)
    }

    /// The feeds' title when `feedTitle` is not set: "netsnap — Home Wi-Fi"; where the network
    /// has no name, the kind of link in the feeds' language.
    func defaultFeedTitle(_ widgets: WidgetSet) -> String {
        settings.wording(.feedTitle, ["network": widgets.small.shownNetworkName(settings.wording)])
    }

    /// `feed.json` and `feed.xml`: the events and incidents, titled `feedTitle` else `defaultTitle`.
    public func feeds(
        _ events: [NetworkEvent], incidents: [Incident], defaultTitle: String, fallbackUpdated: Date, now: Date
    ) -> [OutputFile] {
        let context = EventFeedContext(
            title: settings.feedTitle ?? defaultTitle, baseURL: settings.publicURL, limit: settings.feedItems,
            redacted: settings.redact, fallbackUpdated: fallbackUpdated, now: now, incidents: incidents, timeZone: settings.timeZone,
            wording: settings.wording)
        return [
            OutputFile(path: "feed.json", bytes: JSONFeed.bytes(events, context: context)),
            OutputFile(path: "feed.xml", bytes: AtomFeed.bytes(events, context: context)),
        ]
    }

    private static func reusing<Inputs: Equatable & Sendable>(
        _ reuse: RenderReuse?, _ name: String, _ inputs: Inputs, _ render: () throws -> [OutputFile]
    ) rethrows -> [OutputFile] {
        guard let reuse else { return try render() }
        return try reuse.files(name, inputs: inputs, render: render)
    }
}
