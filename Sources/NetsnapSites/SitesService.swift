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
    /// Sees every cycle's entries, worst first, and each site's newest valid snapshot by id
    /// (events are made from their changes).
    let onCycle: @Sendable ([SiteEntry], [String: Snapshot], Date) -> Void
    private let feed: SiteFeed

    public init(
        settings: SitesSettings, renderer: OutputRenderer, intervalSeconds: Double, logger: Logger, maximumCycles: Int? = nil,
        onCycle: @escaping @Sendable ([SiteEntry], [String: Snapshot], Date) -> Void = { _, _, _ in }
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
        var board = SiteBoard(settings: settings, widgetOptions: renderer.settings.widgets)
        var writer = SitesWriter(
            renderer: renderer, directory: renderer.settings.outputDirectory, intervalSeconds: intervalSeconds, logger: logger)
        logger.info("sites: watching", metadata: ["topics": "\(settings.broker.topicPrefix)/+/snapshot, …/availability"])
        // The broker hands over what it kept just after the connection: the first wall waits for it.
        try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(min(2, intervalSeconds))) }
        var completed = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let now = Date()
            let judged = board.judge(feed.sites, now: now)
            do {
                try writer.write(judged, now: now)
            } catch {
                logger.error("sites: cannot write the wall; retrying next interval", metadata: ["error": "\(error)"])
            }
            let snapshots = Dictionary(
                judged.compactMap { site in site.snapshot.map { (site.entry.id, $0) } }, uniquingKeysWith: { a, _ in a })
            onCycle(judged.map(\.entry), snapshots, now)
            completed += 1
            if let maximumCycles, completed >= maximumCycles { break }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(intervalSeconds)) }
            } catch {
                break
            }
        }
    }
}
