import Foundation
import Logging
import NetsnapFeeds
import NetsnapJSON
import NetsnapModel
import NetsnapPages
import NetsnapRender
import NetsnapWidgets

/// Writes the wall: `sites.json`, `sites.html` and, per site with a valid snapshot, every
/// output its own netsnap renders, into `sites/<slug>/`. One site's failure is logged and
/// leaves the others' outputs alone; nothing is written outside `sites/` but the two files.
///
/// Drawing a site's folder costs far more than its line on the wall (every page, tile and
/// badge: at 1,000 sites, minutes), so the wall is written first, every cycle, and lists
/// every site at once; then folders are drawn within a time budget — sites whose snapshot
/// changed first, then the longest undrawn — and the rest wait for the next cycle.
struct SitesWriter {
    let renderer: OutputRenderer
    let directory: String
    let intervalSeconds: Double
    let logger: Logger
    /// How long a cycle may spend drawing site folders (at least one is drawn).
    let drawingBudget: Duration
    /// Each site's snapshot as its folder was last drawn, and when, by slug. Nothing else is
    /// kept per site: a thousand sites' rendered files would not fit in memory.
    private var drawn: [String: (snapshot: Snapshot, at: Date)] = [:]

    /// `drawingBudget` defaults to a quarter of the interval (at least 0.1 s), so the wall
    /// stays on time.
    init(renderer: OutputRenderer, directory: String, intervalSeconds: Double, logger: Logger, drawingBudget: Duration? = nil) {
        self.renderer = renderer
        self.directory = directory
        self.intervalSeconds = intervalSeconds
        self.logger = logger
        self.drawingBudget = drawingBudget ?? .milliseconds(Int(max(0.1, intervalSeconds / 4) * 1000))
    }

    /// The wall's folder of site folders, below the output folder.
    static let folder = "sites"
    /// An unchanged site's folder is drawn again after this long, so its ages and its
    /// staleness move on.
    static let redrawSeconds: Double = 60

    /// Writes the wall, then draws the folders that are due within the budget. A new site's
    /// `href` leads to its folder once that is drawn, a cycle or a few later.
    mutating func write(_ judged: [SiteBoard.Judged], now: Date) throws(OutputWriteError) {
        let entries = judged.map(\.entry)
        var files = [OutputFile(path: SitesDocument.path, bytes: SitesDocument.bytes(entries, now: now, expiresAt: expiry(now)))]
        if let pages = renderer.pages {
            let ok = entries.count { $0.state == .online }
            let page = pages.wall(
                entries.map(Self.card), headline: "\(ok) of \(entries.count) sites OK", generatedAt: RFC3339.format(now),
                refreshSeconds: max(5, Int(intervalSeconds)))
            files.append(OutputFile(path: page.path, bytes: page.bytes))
        }
        try AtomicFileWriter(directory: directory).write(files)
        drawFolders(judged, now: now)
    }

    private mutating func drawFolders(_ judged: [SiteBoard.Judged], now: Date) {
        let present = Set(judged.map(\.entry.slug))
        drawn = drawn.filter { present.contains($0.key) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: drawingBudget)
        for site in due(judged, now: now) {
            guard let snapshot = site.snapshot else { continue }
            writeSite(slug: site.entry.slug, id: site.entry.id, snapshot: snapshot, now: now)
            drawn[site.entry.slug] = (snapshot, now)
            if clock.now >= deadline { break }
        }
    }

    /// The sites whose folder is due: new or changed snapshots first, then folders drawn more
    /// than `redrawSeconds` ago; within each, the longest undrawn first — sites whose
    /// snapshots change every cycle take turns instead of the first ones starving the rest.
    private func due(_ judged: [SiteBoard.Judged], now: Date) -> [SiteBoard.Judged] {
        var changed: [(site: SiteBoard.Judged, at: Date)] = []
        var old: [(site: SiteBoard.Judged, at: Date)] = []
        for site in judged {
            guard let snapshot = site.snapshot else { continue }
            guard let last = drawn[site.entry.slug], last.snapshot == snapshot else {
                changed.append((site, drawn[site.entry.slug]?.at ?? .distantPast))
                continue
            }
            if now.timeIntervalSince(last.at) >= Self.redrawSeconds { old.append((site, last.at)) }
        }
        let longestUndrawnFirst = { (lhs: (site: SiteBoard.Judged, at: Date), rhs: (site: SiteBoard.Judged, at: Date)) in lhs.at < rhs.at }
        return (changed.sorted(by: longestUndrawnFirst) + old.sorted(by: longestUndrawnFirst)).map(\.site)
    }

    /// The wall is due again within an interval; past twice that, it stands still.
    private func expiry(_ now: Date) -> Date { now.addingTimeInterval(2 * intervalSeconds) }

    private func writeSite(slug: String, id: String, snapshot: Snapshot, now: Date) {
        do {
            let files = try renderer.renderWithWidgets(snapshot, now: now).files.filter { Self.isSafe($0.path) }
            let writer = AtomicFileWriter(directory: "\(directory)/\(Self.folder)/\(slug)")
            try writer.write(files)
            try writer.removeUnlisted(in: TargetBadgeFeed.folder, keeping: files)
        } catch {
            logger.error("sites: cannot write a site's outputs", metadata: ["site": "\(id.debugDescription)", "error": "\(error)"])
        }
    }

    /// A relative path of plain names: a renderer's file never leaves its site's folder.
    static func isSafe(_ path: String) -> Bool {
        !path.hasPrefix("/")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    static func card(_ entry: SiteEntry) -> WallCard {
        let targets = entry.targetsUp + entry.targetsDown
        return WallCard(
            name: entry.name, id: entry.id, state: entry.state.rawValue,
            age: entry.ageSeconds.map { "\(AgeText.age($0)) ago" } ?? "no snapshot",
            detail: "\(entry.targetsUp)/\(targets) targets up · \(entry.devicesActive)/\(entry.devicesTotal) devices active",
            error: entry.error, href: entry.href)
    }
}
