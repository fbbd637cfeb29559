import Foundation
import Logging
import NetsnapModel
import NetsnapPush
import NetsnapRender
import NetsnapWidgets
import ServiceLifecycle

/// `watch --sites` as a service: follows the sites on the `sites:` broker and, every
/// interval, judges them and writes the wall, until SIGINT/SIGTERM or `maximumCycles`.
/// Nothing a site sends stops it: a failing write is logged and tried again next interval.
public struct SitesService: Service, CustomStringConvertible {
    public let settings: SitesSettings
    public let renderer: OutputRenderer
    public let intervalSeconds: Double
    public let logger: Logger
    /// Stop after this many cycles (tests); nil runs until signalled.
    public let maximumCycles: Int?
    /// Sees every cycle's entries, worst first, each site's newest valid snapshot by id, and
    /// the wall's connection (events are made from their changes).
    let onCycle: @Sendable ([SiteEntry], [String: Snapshot], SiteFeed.Link, Date) -> Void
    private let feed: SiteFeed

    public init(
        settings: SitesSettings, renderer: OutputRenderer, intervalSeconds: Double, logger: Logger, maximumCycles: Int? = nil,
        onCycle: @escaping @Sendable ([SiteEntry], [String: Snapshot], SiteFeed.Link, Date) -> Void = { _, _, _, _ in }
    ) {
        self.settings = settings
        self.renderer = renderer
        self.intervalSeconds = intervalSeconds
        self.logger = logger
        self.maximumCycles = maximumCycles
        self.onCycle = onCycle
        feed = SiteFeed(
            settings: settings.broker, clientID: settings.clientID, maximumSnapshotBytes: settings.maximumSnapshotBytes, logger: logger)
    }

    public var description: String { "SitesService(\(settings.broker.host):\(settings.broker.effectivePort))" }

    public func run() async throws {
        try feed.start()
        defer { feed.stop() }
        logger.info("sites: watching", metadata: ["topics": "\(settings.broker.topicPrefix)/+/snapshot, …/availability, …/site"])
        // The newest wall, handed to the task that draws each site's own outputs beside it.
        let handoff = SiteOutputs.Handoff()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [renderer, logger] in
                await SiteOutputs.run(renderer: renderer, directory: renderer.settings.outputDirectory, logger: logger, handoff: handoff)
            }
            await runWall(handoff)
            // With --cycles the sites' outputs are finished; on a signal they stop at once.
            if Task.isCancelled || Task.isShuttingDownGracefully { group.cancelAll() }
            handoff.finishing.withLock { $0 = true }
        }
    }

    /// Judges the sites and writes the wall every interval — sooner when a site sent something,
    /// so a change shows within about a second whatever the interval — until cancelled or
    /// `maximumCycles`.
    private func runWall(_ handoff: SiteOutputs.Handoff) async {
        var board = SiteBoard(settings: settings, widgetOptions: renderer.settings.widgets, wording: renderer.settings.wording)
        var writer = SitesWriter(
            renderer: renderer, directory: renderer.settings.outputDirectory, intervalSeconds: intervalSeconds, logger: logger)
        // The broker hands over what it kept just after the connection: the first wall waits for it.
        try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(min(2, intervalSeconds))) }
        var completed = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let now = Date()
            let sites = feed.sites
            let link = feed.link
            let heard = Self.fingerprint(sites, link: link)
            let judged = board.judge(sites, link: link, now: now)
            handoff.hand(judged)
            let entries = judged.map(\.entry)
            do {
                try writer.write(entries, now: now)
            } catch {
                logger.error("sites: cannot write the wall; retrying next interval", metadata: ["error": "\(error)"])
            }
            let snapshots = Dictionary(
                judged.compactMap { site in site.snapshot.map { (site.entry.id, $0) } }, uniquingKeysWith: { a, _ in a })
            onCycle(entries, snapshots, link, now)
            // After the events: drawing the tiles takes longest, and nothing waits on them.
            do {
                try writer.writeTiles(entries, now: now)
            } catch {
                logger.error("sites: cannot write the wall's tiles; retrying next interval", metadata: ["error": "\(error)"])
            }
            completed += 1
            if let maximumCycles, completed >= maximumCycles { return }
            do {
                try await waitForNews(after: now, heard: heard)
            } catch {
                return
            }
        }
    }

    /// A wall is written at most this often when sites keep sending.
    static let minimumGapSeconds = 1.0

    /// Waits out the interval from `start`, or less — never under `minimumGapSeconds` — once
    /// the feed holds something other than what `heard` sums up.
    private func waitForNews(after start: Date, heard: Int) async throws {
        let due = start.addingTimeInterval(intervalSeconds)
        let earliest = start.addingTimeInterval(min(intervalSeconds, Self.minimumGapSeconds))
        while Date() < due {
            let step = min(0.25, max(0.01, due.timeIntervalSinceNow))
            try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(step)) }
            if Date() >= earliest, Self.fingerprint(feed.sites, link: feed.link) != heard { return }
        }
    }

    /// Changes whenever a site's snapshot, availability or name does (or a site comes or
    /// goes), and when the wall's connection drops or returns: each site's id and message
    /// generation, summed in no particular order.
    static func fingerprint(_ sites: [String: SiteFeed.Site], link: SiteFeed.Link) -> Int {
        var linkHasher = Hasher()
        linkHasher.combine(link.connectedSince)
        return sites.reduce(sites.count &+ linkHasher.finalize()) { total, site in
            var hasher = Hasher()
            hasher.combine(site.key)
            hasher.combine(site.value.generation)
            hasher.combine(site.value.availability)
            hasher.combine(site.value.name)
            return total &+ hasher.finalize()
        }
    }
}
