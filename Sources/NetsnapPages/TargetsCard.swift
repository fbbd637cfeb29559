import NetsnapWidgets

/// The dashboard's targets card: counts, average latency and every target.
struct TargetsCard: Sendable {
    let online: String
    let offline: String
    let total: String
    let averageLatency: String
    let rows: [TargetRowView]

    init(_ widgets: WidgetSet) {
        online = PageFormat.count(widgets.medium.targetsOnline)
        offline = PageFormat.count(widgets.dashboard.targetsOffline)
        total = PageFormat.count(widgets.medium.targetsTotal)
        averageLatency = PageFormat.latency(widgets.dashboard.averageLatencyMs)
        rows = widgets.dashboard.targets.map(TargetRowView.init)
    }
}
