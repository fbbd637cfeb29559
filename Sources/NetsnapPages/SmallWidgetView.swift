import Foundation
import NetsnapLanguage
import NetsnapWidgets

/// The small widget as the templates place it — what the small tile shows: status and
/// signal bars, network name, signal (or the wired link) and gateway latency, targets
/// online, last update.
struct SmallWidgetView: Sendable {
    let status: StatusView
    let networkName: String
    /// False on a wired link: no bars and no dBm, the link's label instead.
    let hasSignal: Bool
    let signal: SignalView
    let signalDBm: String
    /// "Ethernet · 1 Gb/s", or a dash.
    let linkLabel: String
    let gatewayLatency: String
    let targetsOnline: String
    let targetsTotal: String
    let lastUpdate: String
    let snapshotAt: String

    init(_ widgets: WidgetSet, _ wording: Wording = .posix, timeZone: TimeZone = .gmt) {
        let small = widgets.small
        status = StatusView(small.overall, bind: "small.overall", wording)
        networkName = widgets.small.shownNetworkName(wording)
        hasSignal = LinkText.hasSignal(small.connectionType)
        signal = SignalView(bars: small.signalBars, bind: "small.signalBars", wording)
        signalDBm = PageFormat.dBm(small.signalDBm, wording)
        // Rebuilt rather than widgets.json's English label, in the page's words.
        linkLabel = PageFormat.text(
            small.linkLabel.flatMap { _ in LinkText.label(small.connectionType, speedMbps: small.linkSpeedMbps, wording) })
        gatewayLatency = PageFormat.latency(widgets.medium.gatewayLatencyMs, wording)
        targetsOnline = PageFormat.count(widgets.medium.targetsOnline, wording)
        targetsTotal = PageFormat.count(widgets.medium.targetsTotal, wording)
        lastUpdate = PageFormat.clock(widgets.snapshotAt, wording, timeZone)
        snapshotAt = PageFormat.timestamp(widgets.snapshotAt)
    }
}
