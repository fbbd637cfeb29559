import NetsnapLanguage
import NetsnapWidgets

/// The medium widget: the small one plus gateway latency, targets and public IP.
struct MediumWidgetView: Sendable {
    let small: SmallWidgetView
    let gatewayLatency: String
    let targetsOnline: String
    let targetsTotal: String
    let publicIP: String

    init(_ widgets: WidgetSet, small: SmallWidgetView, _ wording: Wording = .posix) {
        let medium = widgets.medium
        self.small = small
        gatewayLatency = PageFormat.latency(medium.gatewayLatencyMs, wording)
        targetsOnline = PageFormat.count(medium.targetsOnline, wording)
        targetsTotal = PageFormat.count(medium.targetsTotal, wording)
        publicIP = PageFormat.text(medium.publicIP)
    }
}
