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

    init(_ widgets: WidgetSet) {
        let small = widgets.small
        status = StatusView(small.overall, bind: "small.overall")
        networkName = small.networkName
        hasSignal = LinkText.hasSignal(small.connectionType)
        signal = SignalView(bars: small.signalBars, bind: "small.signalBars")
        signalDBm = PageFormat.dBm(small.signalDBm)
        linkLabel = PageFormat.text(small.linkLabel)
        gatewayLatency = PageFormat.latency(widgets.medium.gatewayLatencyMs)
        targetsOnline = PageFormat.count(widgets.medium.targetsOnline)
        targetsTotal = PageFormat.count(widgets.medium.targetsTotal)
        lastUpdate = PageFormat.clock(widgets.snapshotAt)
        snapshotAt = PageFormat.timestamp(widgets.snapshotAt)
    }
}
