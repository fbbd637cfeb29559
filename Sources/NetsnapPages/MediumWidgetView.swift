import NetsnapWidgets

/// The medium widget: the small one plus gateway latency, targets and public IP.
struct MediumWidgetView: Sendable {
    let small: SmallWidgetView
    let gatewayLatency: String
    let targetsOnline: String
    let targetsTotal: String
    let publicIP: String

    init(_ widgets: WidgetSet, small: SmallWidgetView) {
        let medium = widgets.medium
        self.small = small
        gatewayLatency = PageFormat.latency(medium.gatewayLatencyMs)
        targetsOnline = PageFormat.count(medium.targetsOnline)
        targetsTotal = PageFormat.count(medium.targetsTotal)
        publicIP = PageFormat.text(medium.publicIP)
    }
}
