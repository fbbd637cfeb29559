import Foundation
import NetsnapWidgets

/// `index.html`: the wall-display dashboard — header, one card per part of the network,
/// and the three widgets as they look embedded.
struct DashboardPageContext: Sendable {
    let chrome: PageChrome
    let status: StatusView
    let networkName: String
    let connection: String
    let session: SessionCard
    let wifi: WifiCard
    let gateway: GatewayCard
    let internet: InternetCard
    let targets: TargetsCard
    let devices: DevicesCard
    let small: SmallWidgetView
    let medium: MediumWidgetView
    let large: LargeWidgetView
    /// The configured public address as a QR code; nil without one.
    let qrCode: QRCodeView?
    let blankTarget = TargetRowView.blank
    let blankDevice = DeviceRowView.blank
    let blankRecentDevice = RecentDeviceRowView.blank

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        chrome = PageChrome(.dashboard, title: "Network dashboard", widgets: widgets, now: now, settings: settings)
        status = StatusView(widgets.overall, bind: "overall")
        networkName = widgets.small.networkName
        connection = PageFormat.word(widgets.small.connectionType.rawValue)
        session = SessionCard(widgets.dashboard)
        wifi = WifiCard(widgets)
        gateway = GatewayCard(widgets)
        internet = InternetCard(widgets)
        targets = TargetsCard(widgets)
        devices = DevicesCard(widgets)
        small = SmallWidgetView(widgets)
        medium = MediumWidgetView(widgets, small: small)
        large = LargeWidgetView(widgets, medium: medium)
        qrCode = QRCodeView(url: settings.qrURL)
    }
}
