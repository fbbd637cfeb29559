import Foundation
import Logging
import NetsnapConfiguration
import NetsnapModel
import NetsnapOperations
import NetsnapRender

/// `netsnap render`: a snapshot in, every output written atomically into the output folder.
public struct RenderJob: Sendable {
    /// Where the snapshot comes from.
    public enum Source: Sendable {
        case document(path: String)
        case messages(path: String)
        case sample
        /// This host's network, gathered now (with a subnet sweep when `sweep`).
        case gather(sweep: Bool)
        /// The archived snapshot nearest before an RFC 3339 time, rendered as at that time with
        /// the history as it then stood (`render --at`); never re-dated.
        case archive(at: String)
    }

    public var configuration: Configuration
    public var source: Source
    /// The render time (`--now`); nil is the clock.
    public var now: String?

    public init(configuration: Configuration, source: Source, now: String? = nil) {
        self.configuration = configuration
        self.source = source
        self.now = now
    }

    /// Renders and writes; returns the files written. Progress goes to `log`.
    @discardableResult
    nonisolated(nonsending) public func run(log: @escaping @Sendable (String) -> Void = { StandardError.print($0) })
        async throws(ApplicationFailure)
        -> [OutputFile]
    {
        let pipeline = RenderPipeline(renderer: try RendererLoader.make(configuration), log: log)
        if case .archive(let moment) = source { return try await ArchivedMoment(configuration: configuration, at: moment).render(pipeline) }
        let renderTime = try RenderTime.parse(now)
        let input = await source.snapshotInput(configuration: configuration, log: log)
        return try Self.run(pipeline, input: input, now: renderTime)
    }

    /// Runs `pipeline`, mapping its failures to their exit statuses.
    static func run(
        _ pipeline: RenderPipeline, input: SnapshotInput, now: Date, history: HistorySummary? = nil, events: [NetworkEvent]? = nil,
        uptime: UptimeReport? = nil, incidents: [Incident]? = nil
    ) throws(ApplicationFailure) -> [OutputFile] {
        do {
            return try pipeline.run(input: input, now: now, history: history, events: events, uptime: uptime, incidents: incidents)
        } catch let error as SnapshotError {
            throw ApplicationFailure(.refused, error.description)
        } catch let error as OutputWriteError {
            throw ApplicationFailure(.outputFailed, error.description)
        } catch {
            throw ApplicationFailure(.renderFailed, "error: rendering failed: \(error)")
        }
    }
}

extension RenderJob.Source {
    /// The input to read; a gather runs here, its notes going to `log`.
    nonisolated(nonsending) func snapshotInput(configuration: Configuration, log: (String) -> Void) async -> SnapshotInput {
        switch self {
        case .document(let path): return .document(path: path)
        case .messages(let path): return .messages(path: path)
        case .sample, .archive: return .sample
        case .gather(let sweep):
            let local = LocalGather(configuration: configuration, logger: GatherLogging.logger(verbose: false))
            let (snapshot, notes) = await local.snapshot(sweep: sweep)
            for note in notes { log("note: \(note)") }
            return .gathered(snapshot)
        }
    }
}

/// The logger `gather` and `render --gather` use: warnings by default, each step at --verbose.
enum GatherLogging {
    static func logger(verbose: Bool) -> Logger {
        Logger(label: "netsnap.gather") { label in
            EscapingLogHandler.standardError(label: label, level: verbose ? .debug : .warning)
        }
    }
}
