import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// `map.html`: the network drawn around its gateway, devices grouped by kind and marked by
/// state, twice (a wide and a narrow drawing; the stylesheet shows the one that fits), with
/// a details panel the page's script fills for the device in focus, under the pointer or tapped.
struct MapPageContext: Sendable {
    /// A state in the legend: its class and its word.
    struct LegendEntry: Sendable {
        let state: String
        let word: String
        let isNew: Bool
    }

    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    let networkName: String
    /// "12 of 15 devices active".
    let headline: String
    /// The zone first and last seen are told in.
    let timeZone: String
    let isEmpty: Bool
    let noDevices: String
    let legend: [LegendEntry]
    let views: [MapView]

    /// The map of `snapshot` (as the outputs may show it: redacted when they are) with the
    /// freshness and title of `widgets`' pages.
    init(_ snapshot: Snapshot, widgets: WidgetSet, now: Date, settings: PageSettings) {
        let wording = settings.wording
        networkName = PageWords.networkName(widgets, wording)
        chrome = PageChrome(
            .dashboard, titleWords: wording(MapPhrase.networkMap), networkName: networkName, widgets: widgets, now: now, settings: settings)
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        let zone = settings.timeZone
        timeZone = ["GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier) ? "UTC" : zone.identifier
        let devices = snapshot.devices
        let active = devices.filter { $0.status == .active }.count
        headline = wording(MapCountPhrase.devicesActive, count: devices.count, ["active": wording.integer(active)])
        isEmpty = devices.isEmpty
        noDevices = wording(PagePhrase.noDevicesSeen)
        legend = MapState.allCases.map { LegendEntry(state: $0.rawValue, word: wording($0.phrase), isNew: $0 == .new) }
        let slices = MapSlice.slices(devices, snapshotAt: snapshot.generatedAt) {
            MapDevice($0, snapshotAt: snapshot.generatedAt, timeZone: zone, wording)
        }
        let gateway = MapDevice(gateway: snapshot.status, wording)
        let label = wording(MapCountPhrase.mapLabel, count: devices.count)
        views = [MapLayout.Shape.wide, .narrow].map { MapView($0, slices: slices, gateway: gateway, label: label, wording) }
    }
}
