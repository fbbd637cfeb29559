import Mustache
import NetsnapLanguage
import NetsnapWidgets

/// The dashboard's targets card: counts, average latency and every target.
struct TargetsCard: Sendable {
    let online: String
    let offline: String
    let total: String
    let averageLatency: String
    let rows: [TargetRowView]

    init(_ widgets: WidgetSet, _ wording: Wording) {
        online = PageFormat.count(widgets.medium.targetsOnline, wording)
        offline = PageFormat.count(widgets.dashboard.targetsOffline, wording)
        total = PageFormat.count(widgets.medium.targetsTotal, wording)
        averageLatency = PageFormat.latency(widgets.dashboard.averageLatencyMs, wording)
        rows = widgets.dashboard.targets.map { TargetRowView($0, wording) }
    }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension TargetsCard: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "online": self.online
        case "offline": self.offline
        case "total": self.total
        case "averageLatency": self.averageLatency
        case "rows": self.rows
        default: nil
        }
    }
}
