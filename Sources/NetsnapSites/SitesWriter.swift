import Foundation
import Logging
import NetsnapJSON
import NetsnapLanguage
import NetsnapPages
import NetsnapRender
import NetsnapTiles
import NetsnapWidgets

/// Writes the wall every cycle: `sites.json`; `sites.html` with its scripts when what its cards
/// show changed or an interval after it was last written; then the wall's tiles in
/// `tiles/sites/` when what they show changed or their ages are half a minute old (`serve`
/// draws them fresh on demand); each site's own outputs are `SiteOutputs`'. Nothing a site
/// sends is written outside its own folder.
struct SitesWriter {
    let renderer: OutputRenderer
    let directory: String
    let intervalSeconds: Double
    let logger: Logger
    /// What the tiles last showed, ages left out, and when they were drawn.
    private var drawnTiles: (wall: WallTile, at: Date)?
    /// What `sites.html` last showed, ages left out, and when it was written.
    private var writtenPage: (cards: [WallCard], at: Date)?

    /// The tiles are drawn again at least this often while only their ages change.
    static let tileRedrawSeconds: Double = 30

    init(renderer: OutputRenderer, directory: String, intervalSeconds: Double, logger: Logger) {
        self.renderer = renderer
        self.directory = directory
        self.intervalSeconds = intervalSeconds
        self.logger = logger
    }

    /// `sites.json`; `sites.html` and its scripts when a card says something new (its age
    /// aside: served, the page carries ages on from `sites.json`; opened as a file, it reloads
    /// itself every interval) or an interval after they were last written. A thousand cards
    /// drawn every second, as sites kept waking the wall, took a fifth of a core.
    mutating func write(_ entries: [SiteEntry], now: Date) throws(OutputWriteError) {
        var files = [OutputFile(path: SitesDocument.path, bytes: SitesDocument.bytes(entries, now: now, expiresAt: expiry(now)))]
        var written: [WallCard]?
        if let pages = renderer.pages {
            let wording = renderer.settings.wording
            let cards = entries.map { Self.card($0, wording) }
            let shown = cards.map(Self.ageless)
            let due = writtenPage.map { $0.cards != shown || now.timeIntervalSince($0.at) >= intervalSeconds - Self.slackSeconds } ?? true
            if due {
                let ok = entries.count { $0.state == .online }
                let page = pages.wall(
                    cards, headline: WallCard.headline(healthy: ok, of: entries.count, wording), generatedAt: now,
                    refreshSeconds: max(5, Int(intervalSeconds)))
                files.append(OutputFile(path: page.path, bytes: page.bytes))
                files += pages.wallScripts.map { OutputFile(path: $0.path, bytes: $0.bytes) }
                written = shown
            }
        }
        try AtomicFileWriter(directory: directory).write(files)
        if let written { writtenPage = (written, now) }
    }

    /// A cycle an interval after the page was written may begin this much sooner.
    static let slackSeconds = 0.5

    /// The wall's tiles, when what they show changed or their ages are due.
    mutating func writeTiles(_ entries: [SiteEntry], now: Date) throws(OutputWriteError) {
        guard let tiles = renderer.tiles else { return }
        let wall = WallTiles.tile(entries)
        var shown = wall
        shown.sites = shown.sites.map { WallTile.Site(name: $0.name, state: $0.state, tone: $0.tone, ageSeconds: nil) }
        if let drawnTiles, drawnTiles.wall == shown, now.timeIntervalSince(drawnTiles.at) < Self.tileRedrawSeconds { return }
        let files: [OutputFile]
        do {
            files = try WallTiles.files(wall, renderer: tiles, timeZone: renderer.settings.timeZone, wording: renderer.settings.wording)
        } catch {
            return logger.error("sites: cannot draw the wall's tiles", metadata: ["error": "\(error)"])
        }
        try AtomicFileWriter(directory: directory).write(files)
        drawnTiles = (shown, now)
    }

    /// The wall is due again within an interval; past twice that, it stands still.
    private func expiry(_ now: Date) -> Date { now.addingTimeInterval(2 * intervalSeconds) }

    /// A card as it reads whatever its age.
    static func ageless(_ card: WallCard) -> WallCard {
        var shown = card
        shown.age = ""
        return shown
    }

    /// A site's card in the wall's language: "5 min ago", "3/4 targets up · 12/20 devices active".
    static func card(_ entry: SiteEntry, _ wording: Wording) -> WallCard {
        let number = wording.integer
        let counts: KeyValuePairs<String, String> = [
            "up": number(entry.targetsUp), "targets": number(entry.targetsUp + entry.targetsDown),
            "active": number(entry.devicesActive), "devices": number(entry.devicesTotal),
        ]
        return WallCard(
            name: entry.name, id: entry.id, state: entry.state.rawValue,
            age: entry.ageSeconds.map { wording(PagePhrase.ageAgo, ["age": wording.age($0)]) } ?? wording(PagePhrase.noSnapshot),
            // Without a snapshot there are no counts to tell.
            detail: entry.snapshotAt == nil ? "" : wording(PagePhrase.siteCounts, counts),
            error: entry.error, href: entry.href)
    }
}
