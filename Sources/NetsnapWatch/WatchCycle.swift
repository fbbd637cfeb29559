import Foundation
import Logging
import NetsnapFeeds
import NetsnapHistory
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Synchronization

/// One turn of `watch`: take a snapshot, store it, note whether the source still delivers,
/// render every output whose inputs changed (the rest are reused), write what changed. When the source fails (a file gone, a gatherer
/// erring) the last good snapshot is rendered again, so every output shows its real age
/// instead of standing still at the last fresh picture.
public struct WatchCycle: Sendable {
    public let renderer: OutputRenderer
    public let input: WatchInput
    public let history: HistoryStore
    /// The interval, retention and event rules.
    public let settings: WatchSettings
    let clock: @Sendable () -> Date
    /// The newest snapshot the source gave, for cycles where it gives none.
    private let lastGood = LastGoodSnapshot()
    /// The last cycle's pages and tiles, drawn again only when what they show changed.
    public let reuse = RenderReuse()
    /// The last history views read, for cycles where the database cannot be read.
    let lastViews = LastHistoryViews()
    /// The last cycle's maintenance, to see windows end.
    let lastCoverage = LastCoverage()
    /// Events about wall displays the server posts between cycles; each cycle stores them.
    public let displayEvents = DisplayEventInbox()

    public init(
        renderer: OutputRenderer, input: WatchInput, history: HistoryStore, settings: WatchSettings = WatchSettings(),
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.renderer = renderer
        self.settings = settings
        self.input = input
        self.history = history
        self.clock = clock
    }

    /// The renderers' settings: the output folder, feeds, widgets and time zone.
    public var render: RenderSettings { renderer.settings }

    /// What a cycle did.
    public struct Result: Sendable {
        public var snapshot: Snapshot
        /// The widget models the outputs were rendered from.
        public var widgets: WidgetSet
        public var changedFiles: [String]
        public var newEvents: [NetworkEvent]
        /// Why the source gave no new snapshot this cycle (the last good one was rendered
        /// again); nil when it did.
        public var sourceError: (any Error)?
        /// Why the history could not be written or read this cycle (the outputs were rendered
        /// all the same, and say so in the household's words), in English for the log and
        /// `/healthz`; nil when it could.
        public var historyProblem: String?
        /// The wall displays `serve` last reported (`displays.json`), for push.
        public var displays: [DisplayEntry] = []
    }

    public func run(logger: Logger) async throws -> Result {
        let now = clock()
        var timer = StepTimer(logger: logger)
        let snapshot: Snapshot
        var sourceError: (any Error)?
        do {
            snapshot = try await takeSnapshot(now: now)
            lastGood.keep(snapshot)
        } catch {
            guard let last = lastGood.snapshot else { throw error }
            snapshot = last
            sourceError = error
        }
        var devicesKnown = true
        if case .messages(let stream) = input { devicesKnown = stream.hasDevices }
        timer.lap("snapshot")
        let pass = passThroughHistory(snapshot, now: now, devicesKnown: devicesKnown, logger: logger)
        for event in pass.newEvents {
            logger.notice("event", metadata: ["kind": "\(event.kind.rawValue)", "title": "\(event.wording.title)"])
        }
        timer.lap("history")
        // What `serve` last wrote about the wall displays, for the dashboard's card.
        let displays =
            FileManager.default.contents(atPath: render.outputDirectory + "/displays.json")
            .map { DisplayEntry.entries(fromDisplaysJSON: Array($0)) } ?? []
        let (widgets, files) = try renderer.renderWithWidgets(
            pass.snapshot, now: now, history: pass.summary, events: pass.events, uptime: pass.uptime, incidents: pass.incidents,
            reuse: reuse, problem: pass.problem?.worded, maintenance: pass.maintenance, displays: displays)
        timer.lap("render")
        let writer = AtomicFileWriter(directory: render.outputDirectory)
        let changed = try writer.write(files) + writer.removeUnlisted(in: TargetBadgeFeed.folder, keeping: files)
        timer.lap("write")
        return Result(
            snapshot: pass.snapshot, widgets: widgets, changedFiles: changed, newEvents: pass.newEvents, sourceError: sourceError,
            historyProblem: pass.problem?.english, displays: displays)
    }

    private func takeSnapshot(now: Date) async throws -> Snapshot {
        switch input {
        case .document(let path):
            return try SnapshotLoader.load(.document(path: path), now: now)
        case .messages(let stream):
            // A link that is down fails the cycle: the last good data is rendered with its age.
            if let problem = stream.linkProblem { throw WatchError.sourceDown(problem) }
            guard let snapshot = stream.snapshot else { throw WatchError.noStatusYet }
            return snapshot
        case .producer(let produce):
            return try await produce()
        case .sample:
            return try SnapshotLoader.load(.sample, now: now)
        }
    }

    /// "Source lost" / "Source back", worded with the gap in the data.
    func sourceEvent(_ transition: SourceTransition, now: Date) -> NetworkEvent {
        let zone = render.timeZone
        let wording = render.wording
        let source = input.sourceDescription(wording)
        let (kind, title, sentence, moment, dataKey): (NetworkEvent.Kind, EventPhrase, EventPhrase, Date, String) =
            switch transition {
            case .lost(let last): (.sourceLost, .sourceLost, .noNewData, last, "lastSnapshotAt")
            case .back(let since): (.sourceBack, .sourceBack, .freshDataAgain, since, "lostSince")
            }
        let text = wording(
            sentence, ["source": source, "age": wording.age(now.timeIntervalSince(moment)), "date": wording.dayAndClock(moment, zone)])
        return NetworkEvent(
            kind: kind, occurredAt: now, subjectKey: "source",
            wording: .init(title: wording(title), text: text, data: [dataKey: RFC3339.format(moment)]))
    }
}

/// The newest snapshot a source gave, shared across the cycles of one loop.
private final class LastGoodSnapshot: Sendable {
    private let stored = Mutex<Snapshot?>(nil)

    var snapshot: Snapshot? { stored.withLock { $0 } }

    func keep(_ snapshot: Snapshot) { stored.withLock { $0 = snapshot } }
}

/// Why a cycle produced nothing.
public enum WatchError: Error, CustomStringConvertible {
    case noStatusYet
    /// The live link is down, and why.
    case sourceDown(String)

    public var description: String {
        switch self {
        case .noStatusYet: return "no statusUpdate message received yet"
        case .sourceDown(let why): return "live link down: \(why)"
        }
    }
}
