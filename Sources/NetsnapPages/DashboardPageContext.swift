import Foundation
import Mustache
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// `index.html`: the wall-display dashboard — header and one card per part of the network,
/// made to fit a 1920×1080 screen; the widgets as they look embedded are on `embed.html`.
struct DashboardPageContext: Sendable {
    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    let status: StatusView
    let networkName: String
    let connection: String
    let session: SessionCard
    let link: LinkCard
    let gateway: GatewayCard
    let internet: InternetCard
    /// The line's measured speed, in the Internet card; nil hides its rows.
    let lineSpeed: LineSpeedCard?
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
        let wording = settings.wording
        networkName = widgets.small.shownNetworkName(wording)
        chrome = PageChrome(
            .dashboard, title: .networkDashboard, networkName: networkName, widgets: widgets, now: now, settings: settings, problem: problem
        )
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        status = StatusView(widgets.overall, bind: "overall", wording)
        connection = PageWords.word(widgets.small.connectionType.rawValue, wording)
        session = SessionCard(widgets.dashboard, settings)
        link = LinkCard(widgets, wording)
        gateway = GatewayCard(widgets, wording)
        internet = InternetCard(widgets, wording)
        lineSpeed = LineSpeedCard(widgets, now: now, wording)
        targets = TargetsCard(widgets, wording)
        devices = DevicesCard(widgets, settings)
        self.displays = DisplaysCard(displays, settings)
        self.uptime = UptimeCard(uptime, wording)
        qrCode = QRCodeView(url: settings.qrURL, wording)
    }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension DashboardPageContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "t": self.t
        case "sentence": self.sentence
        case "status": self.status
        case "networkName": self.networkName
        case "connection": self.connection
        case "session": self.session
        case "link": self.link
        case "gateway": self.gateway
        case "internet": self.internet
        case "lineSpeed": self.lineSpeed
        case "targets": self.targets
        case "devices": self.devices
        case "blankTarget": self.blankTarget
        case "blankDevice": self.blankDevice
        case "displays": self.displays
        case "uptime": self.uptime
        case "qrCode": self.qrCode
        default: nil
        }
    }
}
