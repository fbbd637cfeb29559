import Mustache
import NetsnapLanguage
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

    init(_ widgets: WidgetSet, _ settings: PageSettings) {
        let wording = settings.wording
        total = PageFormat.count(widgets.large.devicesTotal, wording)
        active = PageFormat.count(widgets.large.devicesActive, wording)
        lastScan = PageFormat.clock(widgets.dashboard.lastScanAt, wording, settings.timeZone)
        lastScanAt = PageFormat.timestamp(widgets.dashboard.lastScanAt)
        rows = widgets.dashboard.devices.map { DeviceRowView($0, wording) }
        more = PageFormat.more(widgets.dashboard.devicesNotListed, wording)
        hasMore = widgets.dashboard.devicesNotListed > 0
    }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension DevicesCard: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "total": self.total
        case "active": self.active
        case "lastScan": self.lastScan
        case "rows": self.rows
        case "more": self.more
        case "hasMore": self.hasMore
        case "lastScanAt": self.lastScanAt
        default: nil
        }
    }
}
