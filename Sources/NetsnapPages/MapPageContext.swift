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

    /// A connection's mark in the legend: which one and its word.
    struct ConnectionEntry: Sendable {
        let isWired: Bool
        let isWireless: Bool
        let word: String
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
    /// The wired and wireless marks, when some device has one.
    let connections: [ConnectionEntry]
    /// The details panel's rows for how a device is connected.
    let connectionLabel: String
    let connectedThroughLabel: String
    let views: [MapView]

    /// The map of `snapshot` (as the outputs may show it: redacted when they are) with the
    /// freshness and title of `widgets`' pages.
    init(_ snapshot: Snapshot, widgets: WidgetSet, now: Date, settings: PageSettings) {
        let wording = settings.wording
        networkName = widgets.small.shownNetworkName(wording)
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
        let used: [LocalDevice.Connection] = LocalDevice.Connection.allCases.filter { kind in devices.contains { $0.connection == kind } }
        connections = used.map { kind in
            ConnectionEntry(isWired: kind == .wired, isWireless: kind == .wireless, word: wording(MapDevice.phrase(kind)))
        }
        connectionLabel = wording(MapPhrase.connection)
        connectedThroughLabel = wording(MapPhrase.connectedThrough)
        let branches = MapBranches(devices)
        let slices = MapSlice.slices(devices, branches: branches, snapshotAt: snapshot.generatedAt) { index in
            MapDevice(
                devices[index], via: branches.parents[index].map { devices[$0].displayName }, snapshotAt: snapshot.generatedAt,
                timeZone: zone,
                wording)
        }
        let layoutBranches = zip(branches.branches, slices.filter { $0.place.group == nil }).map { branch, slice in
            MapLayout.Branch(nodes: slice.nodeCount, parent: branch.parent)
        }
        let gateway = MapDevice(gateway: snapshot.status, wording)
        let label = wording(MapCountPhrase.mapLabel, count: devices.count)
        views = [MapLayout.Shape.wide, .narrow].map {
            MapView($0, slices: slices, branches: layoutBranches, gateway: gateway, label: label, wording)
        }
    }
}
