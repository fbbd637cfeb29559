import Foundation
import NetsnapModel
import NetsnapWidgets

/// `index.html`: the wall-display dashboard — header and one card per part of the network,
/// made to fit a 1920×1080 screen; the widgets as they look embedded are on `embed.html`.
struct DashboardPageContext: Sendable {
    let chrome: PageChrome
    let status: StatusView
    let networkName: String
    let connection: String
    let session: SessionCard
    let link: LinkCard
    let gateway: GatewayCard
    let internet: InternetCard
    let targets: TargetsCard
    let devices: DevicesCard
    /// The wall displays `serve` reported in `displays.json`; nil hides the card.
    let displays: DisplaysCard?
    /// 90 day bars per thing watched; nil (the card hidden) without history.
    let uptime: UptimeCard?
    /// The configured public address as a QR code; nil without one.
    let qrCode: QRCodeView?
    let blankTarget = TargetRowView.blank
    let blankDevice = DeviceRowView.blank

    init(
        _ widgets: WidgetSet, now: Date, settings: PageSettings, problem: String? = nil, displays: [DisplayEntry] = [],
        uptime: UptimeReport? = nil
    ) {
        chrome = PageChrome(
            .dashboard, title: "Network dashboard", networkName: widgets.small.networkName, widgets: widgets, now: now, settings: settings,
            problem: problem)
        status = StatusView(widgets.overall, bind: "overall")
        networkName = widgets.small.networkName
        connection = PageFormat.word(widgets.small.connectionType.rawValue)
        session = SessionCard(widgets.dashboard)
        link = LinkCard(widgets)
        gateway = GatewayCard(widgets)
        internet = InternetCard(widgets)
        targets = TargetsCard(widgets)
        devices = DevicesCard(widgets)
        self.displays = DisplaysCard(displays)
        self.uptime = UptimeCard(uptime)
        qrCode = QRCodeView(url: settings.qrURL)
    }
}
