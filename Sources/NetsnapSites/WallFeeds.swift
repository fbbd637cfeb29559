import Foundation
import NetsnapHistory
import NetsnapRender

/// A pure wall's own `feed.json` (JSON Feed 1.1) and `feed.xml` (Atom): its site events and
/// incidents, read back from its history as a watch cycle reads its own and drawn by the same
/// renderer. A wall that also watches its network gets them from that loop, which reads the
/// same history. Written when events came, and once at start: no write a cycle on a quiet wall.
public struct WallFeeds: Sendable {
    let history: HistoryStore
    let renderer: OutputRenderer
    /// The title when `feedTitle` is not set.
    let defaultTitle: String
    private var written = false

    public init(history: HistoryStore, renderer: OutputRenderer, wallName: String) {
        self.history = history
        self.renderer = renderer
        defaultTitle = renderer.settings.wording(.wallFeedTitle, ["wall": wallName])
    }

    /// Days of incidents in the feeds, as the watch loop's.
    static let incidentDays: Double = 90

    /// Writes both feeds when `changed` (events were stored this cycle) or never yet.
    public mutating func write(changed: Bool, now: Date) throws {
        guard changed || !written else { return }
        let events = try history.recentEvents(limit: renderer.settings.feedItems, now: now)
        let incidents = try history.incidents(since: now.addingTimeInterval(-Self.incidentDays * 86_400))
        let files = renderer.feeds(events, incidents: incidents, defaultTitle: defaultTitle, fallbackUpdated: now, now: now)
        try AtomicFileWriter(directory: renderer.settings.outputDirectory).write(files)
        written = true
    }
}
