import NetsnapWidgets

/// The dashboard's gateway card: address, hardware address, vendor and latency.
struct GatewayCard: Sendable {
    let ipAddress: String
    let macAddress: String
    let vendor: String
    let latency: String

    init(_ widgets: WidgetSet) {
        ipAddress = PageFormat.text(widgets.large.gatewayIP)
        macAddress = PageFormat.text(widgets.dashboard.gatewayMAC)
        vendor = PageFormat.text(widgets.dashboard.gatewayVendor)
        latency = PageFormat.latency(widgets.medium.gatewayLatencyMs)
    }
}
