import NetsnapLanguage
import NetsnapWidgets

/// The dashboard's link card: on Wi-Fi the SSID, signal, band, channel, security and BSSID;
/// on a wired or cellular link what is known of it instead — kind and speed, interface and
/// the host's address — never a row of signal dashes for a cable.
struct LinkCard: Sendable {
    /// "Wi-Fi", "Ethernet", "Cellular", or "Link" without a network.
    let title: String
    let isWifi: Bool
    let hasSignal: Bool
    let ssid: String
    let signal: SignalView
    let signalDBm: String
    let signalStrength: String
    let band: String
    let channel: String
    let security: String
    let bssid: String
    /// "1 Gb/s", or a dash.
    let speed: String
    let interfaceName: String
    let localIP: String
    /// Wi-Fi shows the interface and address only when the producer gave them; other links
    /// always show them, as the facts they have.
    let showsInterface: Bool
    let showsLocalIP: Bool

    init(_ widgets: WidgetSet, _ wording: Wording) {
        let details = widgets.dashboard
        let kind = widgets.small.connectionType
        title = kind == .none ? wording(Phrase.link) : PageWords.word(kind.rawValue, wording)
        isWifi = kind == .wifi
        hasSignal = LinkText.hasSignal(kind)
        ssid = PageFormat.text(details.ssid)
        signal = SignalView(bars: widgets.small.signalBars, bind: "small.signalBars", wording)
        signalDBm = PageFormat.dBm(widgets.small.signalDBm, wording)
        signalStrength = PageFormat.percent(details.signalStrength, wording)
        band = PageFormat.text(widgets.large.band)
        channel = PageFormat.number(widgets.large.channel, wording)
        security = PageFormat.text(details.securityType)
        bssid = PageFormat.text(details.bssid)
        speed = PageFormat.text(widgets.small.linkSpeedMbps.map { LinkText.speed($0, wording) })
        interfaceName = PageFormat.text(widgets.small.interfaceName)
        localIP = PageFormat.text(details.localIP)
        showsInterface = !isWifi || widgets.small.interfaceName != nil
        showsLocalIP = !isWifi || details.localIP != nil
    }
}
