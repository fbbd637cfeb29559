import Foundation
import NetsnapFeeds
import NetsnapModel

/// The render job as named steps — read, render, write — each logged with its duration.
/// Everything is rendered in memory before the first byte is written, so a refused input
/// or a failing renderer leaves the output folder as it was.
public struct RenderPipeline: Sendable {
    public let renderer: OutputRenderer
    let log: @Sendable (String) -> Void

    public init(renderer: OutputRenderer, log: @escaping @Sendable (String) -> Void) {
        self.renderer = renderer
        self.log = log
    }

    public var settings: RenderSettings { renderer.settings }

    /// Runs the three steps; returns the files written. With `history` and `events` (a past
    /// moment's, `render --at`) the outputs show them as `watch` would have.
    @discardableResult
    public func run(
        input: SnapshotInput, now: Date, history: HistorySummary? = nil, events: [NetworkEvent]? = nil, uptime: UptimeReport? = nil,
        incidents: [Incident]? = nil
    ) throws -> [OutputFile] {
        let snapshot = try step(1, "Read snapshot (\(input.displayName))") { () throws(SnapshotError) in
            try SnapshotLoader.load(input, now: now)
        }
        let files = try step(2, "Render outputs") {
            try renderer.render(snapshot, now: now, history: history, events: events, uptime: uptime, incidents: incidents)
        }
        let writer = AtomicFileWriter(directory: settings.outputDirectory)
        let changed = try step(3, "Write \(settings.outputDirectory)/") { () throws(OutputWriteError) in
            try writer.write(files) + writer.removeUnlisted(in: TargetBadgeFeed.folder, keeping: files)
        }
        log("wrote \(files.count) files to \(settings.outputDirectory)/ (\(changed.count) changed)")
        return files
    }

    private func step<T, E: Error>(_ number: Int, _ name: String, _ body: () throws(E) -> T) throws(E) -> T {
        let start = DispatchTime.now()
        let result = try body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        log(String(format: "[%d/3] %@ (%.1f ms)", number, name, elapsed))
        return result
    }
}
