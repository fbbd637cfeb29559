import NetsnapModel
import NetsnapPages

/// What the pages of one render are drawn with: their settings, the theme they open in at
/// the render time (the night hours switch it), the problem the dashboard's banner names and
/// the wall displays its card lists, the uptime bars and the incidents — the part of
/// `RenderedInputs` pages add. The network map draws every device and the gateway's address
/// and vendor, beyond what the widgets carry.
struct PagesAsDrawn: Equatable, Sendable {
    var settings: PageSettings
    var theme: PageTheme?
    var problem: String?
    var displays: [DisplayEntry] = []
    var uptime: UptimeReport?
    var incidents: [Incident]?
    var mapDevices: [LocalDevice] = []
    var gatewayIP: IPAddress?
    var gatewayVendor: String?

    /// The same with what the map draws of `shown` (the snapshot as the outputs show it).
    func mapping(_ shown: Snapshot) -> PagesAsDrawn {
        var drawn = self
        drawn.mapDevices = shown.devices
        drawn.gatewayIP = shown.status.gatewayIP
        drawn.gatewayVendor = shown.status.gatewayVendor
        return drawn
    }
}
