import Foundation
import NetsnapConfiguration
import NetsnapHistory
import NetsnapJSON
import NetsnapModel
import NetsnapRender

/// `render --at T`: the archived snapshot nearest before T, with the history's summary and
/// events as they stood at its time, rendered as at T — so a snapshot older than its
/// freshness window shows as stale, as it would have then.
struct ArchivedMoment: Sendable {
    let configuration: Configuration
    let moment: Date

    init(configuration: Configuration, at text: String) throws(ApplicationFailure) {
        self.configuration = configuration
        guard let moment = try RenderTime.date(text, "--at") else { throw ApplicationFailure(.usage, "error: --at needs a time") }
        self.moment = moment
    }

    func render(_ pipeline: RenderPipeline) async throws(ApplicationFailure) -> [OutputFile] {
        let store = try HistoryJob(configuration: configuration).open()
        let bytes: [UInt8]?
        do {
            bytes = try store.archivedSnapshotJSON(atOrBefore: moment)
        } catch {
            throw ApplicationFailure(.renderFailed, error.description)
        }
        guard let bytes else {
            throw ApplicationFailure(.refused, "error: --at \(RFC3339.format(moment)): no archived snapshot at or before that time")
        }
        let snapshot: Snapshot
        do {
            snapshot = try SnapshotDecoder.decode(bytes)
        } catch {
            throw ApplicationFailure(.refused, error.inFile("the archive").description)
        }
        let summary: HistorySummary
        let events: [NetworkEvent]
        let uptime: UptimeReport
        let incidents: [Incident]
        do {
            summary = try store.summary(endingAt: snapshot.generatedAt, targets: snapshot.targets)
            uptime = try store.uptimeReport(
                endingAt: snapshot.generatedAt, targets: snapshot.targets, timeZone: configuration.render.tiles.timeZone,
                latencyThresholdMs: configuration.render.widgets.latencyThresholdMs)
            incidents = try store.incidents(since: snapshot.generatedAt.addingTimeInterval(-90 * 86_400)).filter {
                $0.startedAt <= snapshot.generatedAt
            }
            events = try store.recentEvents(limit: store.retention.maximumEvents).filter { $0.occurredAt <= snapshot.generatedAt }
        } catch {
            throw ApplicationFailure(.renderFailed, error.description)
        }
        return try RenderJob.run(
            pipeline, input: .gathered(snapshot), now: moment, history: summary,
            events: Array(events.prefix(configuration.render.feedItems)), uptime: uptime,
            incidents: incidents)
    }
}
