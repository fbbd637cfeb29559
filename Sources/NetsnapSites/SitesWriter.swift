import Foundation
import Logging
import NetsnapFeeds
import NetsnapJSON
import NetsnapModel
import NetsnapPages
import NetsnapRender
import NetsnapWidgets

/// Writes the wall: `sites.json`, `sites.html` with its script, the wall's tiles in
/// `tiles/sites/` and, per site with a valid snapshot, every output its own netsnap renders,
/// into `sites/<slug>/`. One site's failure is logged and leaves the others' outputs alone;
/// nothing a site sends is written outside its own folder.
struct SitesWriter {
    let renderer: OutputRenderer
    let directory: String
    let intervalSeconds: Double
    let logger: Logger
    /// Each site's last pages and tiles, drawn again only when what they show changed.
    private var reuses: [String: RenderReuse] = [:]

    init(renderer: OutputRenderer, directory: String, intervalSeconds: Double, logger: Logger) {
        self.renderer = renderer
        self.directory = directory
        self.intervalSeconds = intervalSeconds
        self.logger = logger
    }

    /// The wall's folder of site folders, below the output folder.
    static let folder = "sites"

    mutating func write(_ judged: [SiteBoard.Judged], now: Date) throws(OutputWriteError) {
        reuses = reuses.filter { slug, _ in judged.contains { $0.entry.slug == slug } }
        for site in judged {
            guard let snapshot = site.snapshot else { continue }
            writeSite(slug: site.entry.slug, id: site.entry.id, snapshot: snapshot, now: now)
        }
        let entries = judged.map(\.entry)
        var files = [OutputFile(path: SitesDocument.path, bytes: SitesDocument.bytes(entries, now: now, expiresAt: expiry(now)))]
        if let pages = renderer.pages {
            let ok = entries.count { $0.state == .online }
            let page = pages.wall(
                entries.map(Self.card), headline: "\(ok) of \(entries.count) sites OK", generatedAt: RFC3339.format(now),
                refreshSeconds: max(5, Int(intervalSeconds)))
            files.append(OutputFile(path: page.path, bytes: page.bytes))
            files.append(OutputFile(path: pages.wallScript.path, bytes: pages.wallScript.bytes))
        }
        if let tiles = renderer.tiles {
            do {
                files += try WallTiles.files(entries, renderer: tiles, timeZone: renderer.settings.timeZone)
            } catch {
                logger.error("sites: cannot draw the wall's tiles", metadata: ["error": "\(error)"])
            }
        }
        try AtomicFileWriter(directory: directory).write(files)
    }

    /// The wall is due again within an interval; past twice that, it stands still.
    private func expiry(_ now: Date) -> Date { now.addingTimeInterval(2 * intervalSeconds) }

    private mutating func writeSite(slug: String, id: String, snapshot: Snapshot, now: Date) {
        let reuse = reuses[slug] ?? RenderReuse()
        reuses[slug] = reuse
        do {
            let files = try renderer.renderWithWidgets(snapshot, now: now, reuse: reuse).files.filter { Self.isSafe($0.path) }
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
