import NetsnapWidgets

/// The dashboard's Wi-Fi card: SSID, signal, band, channel, security and BSSID.
struct WifiCard: Sendable {
    let ssid: String
    let signal: SignalView
    let signalDBm: String
    let signalStrength: String
    let band: String
    let channel: String
    let security: String
    let bssid: String

    init(_ widgets: WidgetSet) {
        let details = widgets.dashboard
        ssid = PageFormat.text(details.ssid)
        signal = SignalView(bars: widgets.small.signalBars, bind: "small.signalBars")
        signalDBm = PageFormat.dBm(widgets.small.signalDBm)
        signalStrength = PageFormat.percent(details.signalStrength)
        band = PageFormat.text(widgets.large.band)
        channel = PageFormat.number(widgets.large.channel)
        security = PageFormat.text(details.securityType)
        bssid = PageFormat.text(details.bssid)
    }
}
