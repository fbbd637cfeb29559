import Foundation
import Logging
import NetsnapFeeds
import NetsnapModel
import NetsnapRender
import Synchronization

/// Every site's own outputs in `sites/<slug>/`, drawn beside the wall in a task of their own:
/// a site's at once when its state on the wall changed, within `changeRedrawSeconds` when its
/// snapshot says something new, and every `redrawSeconds` for its ages; those waiting longest first. A
/// site re-publishing the same network every 30 s is not drawn every 30 s: with a thousand
/// sites that alone kept a core half busy. However many sites there are
/// and however long their pages take, the wall keeps its interval; and no site's pictures
/// are kept in memory between drawings.
struct SiteOutputs {
    let renderer: OutputRenderer
    let directory: String
    let logger: Logger

    /// What a site's outputs were last drawn from, and when.
    private struct Drawn {
        /// The snapshot drawn, its time left out (`content(of:)`).
        var content: Snapshot
        var state: SiteState
        var at: Date
    }

    private var drawn: [String: Drawn] = [:]

    /// A site's outputs are drawn again at least this often, for the ages they show (its
    /// pages carry their ages on in the browser; a state change redraws at once).
    static let redrawSeconds: Double = 300
    /// A site whose snapshot says something new (its latencies move every cycle) is drawn
    /// again at most this often; its state changing is drawn at once.
    static let changeRedrawSeconds: Double = 60
    /// The wall's folder of site folders, below the output folder.
    static let folder = "sites"

    init(renderer: OutputRenderer, directory: String, logger: Logger) {
        self.renderer = renderer
        self.directory = directory
        self.logger = logger
    }

    /// Draws the site of `judged` that waited longest for it, if any is due; false when none is.
    /// A site drawn before that has left the wall (`sites forget`) has its folder removed.
    mutating func drawNext(_ judged: [SiteBoard.Judged], now: Date) -> Bool {
        let present = Set(judged.map(\.entry.slug))
        for slug in drawn.keys where !present.contains(slug) {
            drawn[slug] = nil
            // Only folders this process drew: at start, before the broker's retained messages, nothing is removed.
            try? FileManager.default.removeItem(atPath: "\(directory)/\(Self.folder)/\(slug)")
        }
        guard let site = next(judged, now: now), let snapshot = site.snapshot else { return false }
        write(slug: site.entry.slug, id: site.entry.id, snapshot: snapshot, now: now)
        drawn[site.entry.slug] = Drawn(content: Self.content(of: snapshot), state: site.entry.state, at: now)
        return true
    }

    /// The due site never drawn, else drawn longest ago.
    private func next(_ judged: [SiteBoard.Judged], now: Date) -> SiteBoard.Judged? {
        judged.filter { site in
            guard let snapshot = site.snapshot else { return false }
            guard let last = drawn[site.entry.slug] else { return true }
            let since = now.timeIntervalSince(last.at)
            return last.state != site.entry.state || since >= Self.redrawSeconds
                || (since >= Self.changeRedrawSeconds && last.content != Self.content(of: snapshot))
        }.min { (drawn[$0.entry.slug]?.at ?? .distantPast) < (drawn[$1.entry.slug]?.at ?? .distantPast) }
    }

    /// What a snapshot says, whenever it was taken.
    static func content(of snapshot: Snapshot) -> Snapshot {
        var content = snapshot
        content.generatedAt = .distantPast
        return content
    }

    private func write(slug: String, id: String, snapshot: Snapshot, now: Date) {
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

    /// What the wall's loop hands the outputs' task: its newest sites, and that it ended.
    final class Handoff: Sendable {
        let latest = Mutex<[SiteBoard.Judged]>([])
        let finishing = Mutex(false)
    }

    /// Draws the due sites of the newest wall one after another until cancelled; once the
    /// wall's loop has ended, draws what is due and returns.
    static func run(renderer: OutputRenderer, directory: String, logger: Logger, handoff: Handoff) async {
        var outputs = SiteOutputs(renderer: renderer, directory: directory, logger: logger)
        while !Task.isCancelled {
            let judged = handoff.latest.withLock { $0 }
            if outputs.drawNext(judged, now: Date()) { continue }
            if handoff.finishing.withLock({ $0 }) { return }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }
}
