import Foundation
import Logging
import NetsnapFeeds
import NetsnapHistory
import NetsnapModel
import NetsnapWidgets

/// One turn of `watch`: take a snapshot, store it, render every output, write what changed.
public struct WatchCycle: Sendable {
    public let renderer: OutputRenderer
    public let input: WatchInput
    public let history: HistoryStore
    let clock: @Sendable () -> Date

    public init(renderer: OutputRenderer, input: WatchInput, history: HistoryStore, clock: @escaping @Sendable () -> Date = Date.init) {
        self.renderer = renderer
        self.input = input
        self.history = history
        self.clock = clock
    }

    public var configuration: NetsnapConfiguration { renderer.configuration }

    /// What a cycle did.
    public struct Result: Sendable {
        public var snapshot: Snapshot
        /// The widget models the outputs were rendered from.
        public var widgets: WidgetSet
        public var changedFiles: [String]
        public var newEvents: [NetworkEvent]
    }

    public func run(logger: Logger) async throws -> Result {
        let now = clock()
        var timer = StepTimer(logger: logger)
        let snapshot = try await takeSnapshot(now: now)
        var devicesKnown = true
        if case .messages(let stream) = input { devicesKnown = stream.hasDevices }
        timer.lap("snapshot")
        let detector = EventDetector(
            failuresBeforeEvent: configuration.failuresBeforeEvent, latencyThresholdMs: configuration.widgets.latencyThresholdMs)
        let outcome = try history.record(snapshot, detector: detector, devicesKnown: devicesKnown)
        for event in outcome.events { logger.notice("event", metadata: ["kind": "\(event.kind.rawValue)", "title": "\(event.wording.title)"]) }
        timer.lap("store")
        let summary = try history.summary(endingAt: outcome.snapshot.generatedAt, targets: outcome.snapshot.targets)
        let events = try history.recentEvents(limit: configuration.feedItems)
        timer.lap("history")
        let (widgets, files) = try renderer.renderWithWidgets(outcome.snapshot, now: now, history: summary, events: events)
        timer.lap("render")
        let writer = AtomicFileWriter(directory: configuration.outputDirectory)
        let changed = try writer.write(files) + writer.removeUnlisted(in: TargetBadgeFeed.folder, keeping: files)
        timer.lap("write")
        return Result(snapshot: outcome.snapshot, widgets: widgets, changedFiles: changed, newEvents: outcome.events)
    }

    private func takeSnapshot(now: Date) async throws -> Snapshot {
        switch input {
        case .document(let path):
            return try SnapshotLoader.load(.document(path: path), now: now)
        case .messages(let stream):
            guard let snapshot = stream.snapshot else { throw WatchError.noStatusYet }
            return snapshot
        case .producer(let produce):
            return try await produce()
        case .sample:
            return try SnapshotLoader.load(.sample, now: now)
        }
    }
}

/// Why a cycle produced nothing.
public enum WatchError: Error, CustomStringConvertible {
    case noStatusYet

    public var description: String {
        switch self {
        case .noStatusYet: return "no statusUpdate message received yet"
        }
    }
}
