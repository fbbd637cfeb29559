import Foundation
import Logging
import NetsnapHistory
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets
import Synchronization

extension WatchCycle {
    /// What the history gave one cycle. When it could not be written or read, the cycle still
    /// renders — from the snapshot and the last history it read — and `problem` says why, so
    /// the outputs show the data's real age instead of freezing at the last good cycle.
    struct HistoryPass: Sendable {
        var snapshot: Snapshot
        var newEvents: [NetworkEvent] = []
        var summary: HistorySummary?
        var events: [NetworkEvent]?
        var uptime: UptimeReport?
        var incidents: [Incident]?
        var maintenance = MaintenanceCoverage()
        var problem: HistoryProblem?
    }

    /// Why the history is not behind a cycle's outputs: in the household's words for the
    /// outputs (the dashboard's banner, `summary.json`), in English for the log and `/healthz`.
    struct HistoryProblem {
        var english: String
        var worded: String
    }

    /// Days of incidents in `incidents.json` and the feeds.
    static let incidentDays: Double = 90

    func passThroughHistory(_ snapshot: Snapshot, now: Date, devicesKnown: Bool, logger: Logger) -> HistoryPass {
        var pass = HistoryPass(
            snapshot: snapshot, problem: history.standIn.map { HistoryProblem(english: $0.description, worded: $0.worded(render.wording)) })
        do {
            try record(snapshot, now: now, devicesKnown: devicesKnown, into: &pass, logger: logger)
        } catch {
            pass.problem = pass.problem ?? problem(PagePhrase.historyNotWritten, "history not written", error)
        }
        for recovery in history.takeRecoveries() { pass.newEvents.append(recorded(recovery, logger: logger)) }
        do {
            pass.summary = try history.summary(endingAt: pass.snapshot.generatedAt, targets: pass.snapshot.targets)
            pass.events = try history.recentEvents(limit: render.feedItems, now: now)
            pass.uptime = try history.uptimeReport(
                endingAt: pass.snapshot.generatedAt, targets: pass.snapshot.targets, timeZone: render.tiles.timeZone,
                latencyThresholdMs: render.widgets.latencyThresholdMs)
            pass.incidents = try history.incidents(since: pass.snapshot.generatedAt.addingTimeInterval(-Self.incidentDays * 86_400))
            lastViews.keep(summary: pass.summary, events: pass.events, uptime: pass.uptime, incidents: pass.incidents)
        } catch {
            pass.problem = pass.problem ?? problem(PagePhrase.historyNotRead, "history not read", error)
            (pass.summary, pass.events, pass.uptime, pass.incidents) = lastViews.views
        }
        return pass
    }

    /// `what` went wrong because of `error`: a history error in the household's words for the
    /// outputs, any other as Swift describes it.
    private func problem(_ phrase: PagePhrase, _ english: String, _ error: any Error) -> HistoryProblem {
        let reason = (error as? HistoryError)?.worded(render.wording) ?? "\(error)"
        return HistoryProblem(english: "\(english): \(error)", worded: render.wording(phrase, ["reason": reason]))
    }

    private func record(_ snapshot: Snapshot, now: Date, devicesKnown: Bool, into pass: inout HistoryPass, logger: Logger) throws {
        let detector = EventDetector(
            failuresBeforeEvent: settings.failuresBeforeEvent, latencyThresholdMs: render.widgets.latencyThresholdMs,
            lossThresholdPercent: render.widgets.lossThresholdPercent, jitterThresholdMs: render.widgets.jitterThresholdMs,
            wording: render.wording, speedAlert: settings.speedAlert)
        let coverage = maintenanceCoverage(for: snapshot, at: snapshot.generatedAt)
        let outcome = try history.record(snapshot, detector: detector, devicesKnown: devicesKnown, now: now, maintenance: coverage)
        if let note = outcome.clockNote { logger.warning("clock", metadata: ["note": "\(note)"]) }
        pass.snapshot = outcome.snapshot
        pass.newEvents = outcome.events
        pass.maintenance = coverage
        if outcome.isNew { pass.newEvents += try stillDownAfterMaintenance(outcome.snapshot, coverage: coverage) }
        let freshness = Freshness(
            snapshotAt: outcome.snapshot.generatedAt,
            expiresAt: outcome.snapshot.generatedAt.addingTimeInterval(render.widgets.freshnessSeconds), at: now)
        if let sourceEvent = try history.recordSourceFreshness(
            isFresh: !freshness.isStale, snapshotAt: outcome.snapshot.generatedAt,
            event: { sourceEvent($0, now: now) })
        {
            pass.newEvents.append(sourceEvent)
        }
        let displayEvents = self.displayEvents.drain()
        if !displayEvents.isEmpty {
            try history.store(displayEvents)
            pass.newEvents += displayEvents
        }
    }

    /// "History database replaced": logged, and stored in the new database.
    private func recorded(_ recovery: HistoryRecovery, logger: Logger) -> NetworkEvent {
        logger.error(
            "the history database was corrupt; it was moved aside and a new one started",
            metadata: ["movedTo": "\(recovery.movedTo)", "reason": "\(recovery.reason)"])
        let language = render.wording
        let title = language(EventPhrase.historyReplaced)
        let text = language(EventPhrase.historyMovedAside, ["reason": recovery.reason, "path": recovery.movedTo])
        let event = NetworkEvent(
            kind: .historyReset, occurredAt: recovery.at, subjectKey: "history",
            wording: .init(title: title, text: text, data: ["movedTo": recovery.movedTo]),
            publicWording: .init(title: title, text: language(EventPhrase.historyStartsAfresh)))
        try? history.store([event])
        return event
    }
}

/// The last summary and events the history gave, shown while it cannot be read.
final class LastHistoryViews: Sendable {
    private let stored = Mutex<(HistorySummary?, [NetworkEvent]?, UptimeReport?, [Incident]?)>((nil, nil, nil, nil))

    var views: (HistorySummary?, [NetworkEvent]?, UptimeReport?, [Incident]?) { stored.withLock { $0 } }

    func keep(summary: HistorySummary?, events: [NetworkEvent]?, uptime: UptimeReport?, incidents: [Incident]?) {
        stored.withLock { $0 = (summary, events, uptime, incidents) }
    }
}
