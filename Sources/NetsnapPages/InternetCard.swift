import NetsnapLanguage
import NetsnapWidgets

/// The dashboard's ISP card: public address, provider, AS number and location.
struct InternetCard: Sendable {
    let publicIP: String
    let ispName: String
    let asn: String
    let location: String

    init(_ widgets: WidgetSet, _ wording: Wording) {
        publicIP = PageFormat.text(widgets.medium.publicIP)
        ispName = PageFormat.text(widgets.large.ispName)
        asn = PageFormat.text(widgets.large.asn)
        location = PageFormat.joined([widgets.dashboard.city, widgets.dashboard.country], wording)
    }
}
