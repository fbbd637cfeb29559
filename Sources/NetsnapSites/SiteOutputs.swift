import Foundation
import Logging
import NetsnapFeeds
import NetsnapModel
import NetsnapRender
import Synchronization

/// Every site's own outputs in `sites/<slug>/`, drawn beside the wall in a task of their own:
/// a site's at once when it is new or its state on the wall changed (news); within
/// `changeRedrawSeconds` when its snapshot says something new, and every `redrawSeconds` for
/// its ages (routine), those waiting longest first. Routine drawing takes at most
/// `routineShare` of a core: a thousand sites whose latencies move every 30 s would otherwise
/// keep a core a third busy; with them, a site's pages follow its new numbers within minutes,
/// its state at once. However many sites there are and however long their pages take, the wall
/// keeps its interval; and no site's pictures are kept in memory between drawings.
struct SiteOutputs {
    let renderer: OutputRenderer
    let directory: String
    let logger: Logger

    /// When a site's outputs were last drawn, and from what (its snapshot's content is in
    /// `contents`, apart: this is copied on every look).
    private struct Drawn {
        /// Its state on the wall then; while the wall cannot see it (`unknown`), the one before.
        var state: SiteState
        var at: Date
        /// The newest snapshot compared with the content drawn (by its time), and whether it
        /// said something else: each is compared once, not on every look.
        var checked: Date
        var changed = false
    }

    /// Why a site is due: news comes first and at once, routine within `routineShare`.
    enum Due: Comparable {
        case news
        case routine
    }

    private var drawn: [String: Drawn] = [:]
    /// The snapshot each site's outputs were drawn from, its time left out (`content(of:)`).
    private var contents: [String: Snapshot] = [:]

    /// A site's outputs are drawn again at least this often, for the ages they show (its
    /// pages carry their ages on in the browser; a state change redraws at once).
    static let redrawSeconds: Double = 300
    /// A site whose snapshot says something new (its latencies move every cycle) is drawn
    /// again at most this often; its state changing is drawn at once.
    static let changeRedrawSeconds: Double = 60
    /// The share of a core routine drawing may take: after a drawing that took `t`, the next
    /// routine one waits `t × (1 / share − 1)`.
    static let routineShare = 0.05
    /// The wall's folder of site folders, below the output folder.
    static let folder = "sites"

    init(renderer: OutputRenderer, directory: String, logger: Logger) {
        self.renderer = renderer
        self.directory = directory
        self.logger = logger
    }

    /// Draws the due site of `judged` that waited longest for it, news before routine (routine
    /// only when `routine`); what it drew, nil when nothing was due. A site drawn before that
    /// has left the wall (`sites forget`) has its folder removed.
    mutating func drawNext(_ judged: [SiteBoard.Judged], now: Date, routine: Bool = true) -> Due? {
        let present = Set(judged.map(\.entry.slug))
        for slug in drawn.keys where !present.contains(slug) {
            drawn[slug] = nil
            contents[slug] = nil
            // Only folders this process drew: at start, before the broker's retained messages, nothing is removed.
            try? FileManager.default.removeItem(atPath: "\(directory)/\(Self.folder)/\(slug)")
        }
        guard let (site, due) = next(judged, now: now, routine: routine), let snapshot = site.snapshot else { return nil }
        write(slug: site.entry.slug, id: site.entry.id, snapshot: snapshot, now: now)
        let state = site.entry.state == .unknown ? drawn[site.entry.slug]?.state ?? .unknown : site.entry.state
        drawn[site.entry.slug] = Drawn(state: state, at: now, checked: snapshot.generatedAt)
        contents[site.entry.slug] = Self.content(of: snapshot)
        return due
    }

    /// The due site news first, then drawn longest ago (never first).
    private mutating func next(_ judged: [SiteBoard.Judged], now: Date, routine: Bool) -> (SiteBoard.Judged, Due)? {
        // By index: a thousand sites looked at a few times a second are not copied each time.
        var best: (index: Int, due: Due, at: Date)?
        for index in judged.indices {
            guard let due = due(judged, index, now: now), routine || due == .news else { continue }
            let at = drawn[judged[index].entry.slug]?.at ?? .distantPast
            if let best, (best.due, best.at) <= (due, at) { continue }
            best = (index, due, at)
        }
        return best.map { (judged[$0.index], $0.due) }
    }

    /// Whether the site at `index` is due, and why; nil when it is not. A site the wall cannot
    /// see (`unknown`) has not changed: a broker restart redraws no site.
    private mutating func due(_ judged: [SiteBoard.Judged], _ index: Int, now: Date) -> Due? {
        guard let taken = judged[index].snapshot?.generatedAt else { return nil }
        let slug = judged[index].entry.slug
        guard var last = drawn[slug] else { return .news }
        let state = judged[index].entry.state
        if state != .unknown, state != last.state { return .news }
        let since = now.timeIntervalSince(last.at)
        if since >= Self.redrawSeconds { return .routine }
        if taken != last.checked, let snapshot = judged[index].snapshot {
            last.checked = taken
            last.changed = contents[slug] != Self.content(of: snapshot)
            drawn[slug] = last
        }
        return since >= Self.changeRedrawSeconds && last.changed ? .routine : nil
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

    /// What the wall's loop hands the outputs' task: its newest sites (counted), and that it ended.
    final class Handoff: Sendable {
        private let latest = Mutex<(count: Int, judged: [SiteBoard.Judged])>((0, []))
        let finishing = Mutex(false)

        /// The newest wall, and how many came before it.
        var newest: (count: Int, judged: [SiteBoard.Judged]) { latest.withLock { $0 } }

        func hand(_ judged: [SiteBoard.Judged]) { latest.withLock { $0 = ($0.count + 1, judged) } }
    }

    /// Draws the due sites of the newest wall one after another until cancelled, routine ones
    /// within `routineShare` of a core; once the wall's loop has ended, draws what is due
    /// without pause and returns.
    static func run(renderer: OutputRenderer, directory: String, logger: Logger, handoff: Handoff) async {
        var outputs = SiteOutputs(renderer: renderer, directory: directory, logger: logger)
        let clock = ContinuousClock()
        var routineFrom = clock.now
        // The wall last found with nothing new due: looked at again once a newer one comes.
        var settled: Int?
        while !Task.isCancelled {
            let (count, judged) = handoff.newest
            let finishing = handoff.finishing.withLock { $0 }
            let began = clock.now
            let routine = finishing || began >= routineFrom
            if routine || settled != count {
                if let due = outputs.drawNext(judged, now: Date(), routine: routine) {
                    if due == .routine { routineFrom = clock.now + (clock.now - began) * (1 / Self.routineShare - 1) }
                    settled = nil
                    continue
                }
                settled = count
            }
            if finishing { return }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }
}
