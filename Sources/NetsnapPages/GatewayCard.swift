import NetsnapLanguage
import NetsnapWidgets

/// The dashboard's gateway card: address, hardware address, vendor, latency, and the
/// latency trend when history is kept (`watch`).
struct GatewayCard: Sendable {
    let ipAddress: String
    let macAddress: String
    let vendor: String
    let latency: String
    let latencyTrend: SparklineView?
    /// Names the trend in its label; the page script uses it too when it redraws the line.
    let trendTitle: String

    init(_ widgets: WidgetSet, _ wording: Wording) {
        ipAddress = PageFormat.text(widgets.large.gatewayIP)
        macAddress = PageFormat.text(widgets.dashboard.gatewayMAC)
        vendor = PageFormat.text(widgets.dashboard.gatewayVendor)
        latency = PageFormat.latency(widgets.medium.gatewayLatencyMs, wording)
        let title = wording(PagePhrase.gatewayLatency)
        trendTitle = title
        latencyTrend = widgets.history.flatMap { SparklineView($0.gatewayLatency, title: title, wording) }
    }
}
