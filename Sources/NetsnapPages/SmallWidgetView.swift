import NetsnapWidgets

/// The small widget as the templates place it: status, network name, signal, last update.
struct SmallWidgetView: Sendable {
    let status: StatusView
    let networkName: String
    let connection: String
    let signal: SignalView
    let signalDBm: String
    let lastUpdate: String
    let snapshotAt: String

    init(_ widgets: WidgetSet) {
        let small = widgets.small
        status = StatusView(small.overall, bind: "small.overall")
        networkName = small.networkName
        connection = PageFormat.word(small.connectionType.rawValue)
        signal = SignalView(bars: small.signalBars, bind: "small.signalBars")
        signalDBm = PageFormat.dBm(small.signalDBm)
        lastUpdate = PageFormat.clock(widgets.snapshotAt)
        snapshotAt = PageFormat.timestamp(widgets.snapshotAt)
    }
}
