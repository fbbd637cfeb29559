import NetsnapWidgets

/// The dashboard's devices card: counts, last scan, the first devices and how many more.
struct DevicesCard: Sendable {
    let total: String
    let active: String
    let lastScan: String
    let lastScanAt: String?
    let rows: [DeviceRowView]
    /// "and 9,800 more", or empty when every device is listed.
    let more: String
    let hasMore: Bool

    init(_ widgets: WidgetSet) {
        total = PageFormat.count(widgets.large.devicesTotal)
        active = PageFormat.count(widgets.large.devicesActive)
        lastScan = PageFormat.clock(widgets.dashboard.lastScanAt)
        lastScanAt = PageFormat.timestamp(widgets.dashboard.lastScanAt)
        rows = widgets.dashboard.devices.map(DeviceRowView.init)
        more = PageFormat.more(widgets.dashboard.devicesNotListed)
        hasMore = widgets.dashboard.devicesNotListed > 0
    }
}
