import NetsnapWidgets

/// The dashboard's session card: when monitoring started, for how long, and by whom.
struct SessionCard: Sendable {
    let started: String
    let startedAt: String?
    let running: String
    let source: String
    let sourceKind: String

    init(_ details: DashboardDetails) {
        started = PageFormat.clock(details.sessionStartedAt)
        startedAt = PageFormat.timestamp(details.sessionStartedAt)
        running = PageFormat.duration(details.runningSeconds)
        source = PageFormat.text(details.sourceName)
        sourceKind = details.sourceKind.map { PageFormat.word($0.rawValue) } ?? PageFormat.absent
    }
}
