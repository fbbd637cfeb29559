import NetsnapLanguage
import NetsnapWidgets

/// The dashboard's session card: when monitoring started, for how long, and by whom.
struct SessionCard: Sendable {
    let started: String
    let startedAt: String?
    let running: String
    let source: String
    let sourceKind: String

    init(_ details: DashboardDetails, _ settings: PageSettings) {
        started = PageFormat.clock(details.sessionStartedAt, settings.wording, settings.timeZone)
        startedAt = PageFormat.timestamp(details.sessionStartedAt)
        running = PageFormat.duration(details.runningSeconds, settings.wording)
        source = PageFormat.text(details.sourceName)
        sourceKind = details.sourceKind.map { PageWords.word($0.rawValue, settings.wording) } ?? PageFormat.absent
    }
}
