import Foundation
import NetsnapLanguage
import NetsnapWidgets

/// The large widget: the medium one plus link and ISP details, the targets with problems
/// first, device counts and the newest devices.
struct LargeWidgetView: Sendable {
    let medium: MediumWidgetView
    let band: String
    let channel: String
    /// Band and channel are Wi-Fi's; other links show their interface in that row.
    let isWifi: Bool
    let interfaceName: String
    let gatewayIP: String
    let ispName: String
    let asn: String
    let topTargets: [TargetRowView]
    let devicesActive: String
    let devicesTotal: String
    let recentDevices: [RecentDeviceRowView]

    init(_ widgets: WidgetSet, medium: MediumWidgetView, _ wording: Wording = .posix, timeZone: TimeZone = .gmt) {
        let large = widgets.large
        self.medium = medium
        band = PageFormat.text(large.band)
        channel = PageFormat.number(large.channel, wording)
        isWifi = large.connectionType == .wifi
        interfaceName = PageFormat.text(large.interfaceName)
        gatewayIP = PageFormat.text(large.gatewayIP)
        ispName = PageFormat.text(large.ispName)
        asn = PageFormat.text(large.asn)
        topTargets = large.topTargets.map { TargetRowView($0, wording) }
        devicesActive = PageFormat.count(large.devicesActive, wording)
        devicesTotal = PageFormat.count(large.devicesTotal, wording)
        recentDevices = large.recentDevices.map { RecentDeviceRowView($0, wording, timeZone: timeZone) }
    }
}
