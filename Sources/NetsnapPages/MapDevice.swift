import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// One device (or the gateway) as the map tells it: the words of its details panel, its
/// tooltip and what a screen reader says. Every string here came from a snapshot and is
/// escaped by the template, in text and in attributes alike.
struct MapDevice: Sendable {
    let id: String
    let group: MapGroup
    let state: MapState
    let name: String
    let address: String
    let vendor: String
    let firstSeen: String
    let lastSeen: String
    /// "Media · Active", under the name in the details panel; empty for the gateway.
    let kind: String
    /// "Wireless" where the snapshot says how it is connected; else empty.
    let connection: String
    /// The name of the switch or access point it is connected through; else empty.
    let via: String
    /// "Kitchen speaker, Media, Active, Wireless".
    let ariaLabel: String
    /// The tooltip: every detail, one a line, for a page without its script.
    let title: String

    // Stored, not computed: the templates read a value's stored properties only.
    let groupID: String
    let stateID: String
    let isNew: Bool
    /// Which mark stands beside the node: a plug for wired, waves for wireless (not colour alone).
    let isWired: Bool
    let isWireless: Bool

    /// `device`, connected through the device named `via` (as `DeviceUplinks` admits it).
    init(_ device: LocalDevice, via: String?, snapshotAt: Date, timeZone: TimeZone, _ wording: Wording) {
        id = device.id.uuidString.lowercased()
        group = MapGroup(device.deviceType)
        state = MapState(device, snapshotAt: snapshotAt)
        name = device.displayName
        address = device.ipAddress?.text ?? ""
        vendor = device.vendor ?? ""
        firstSeen = AgeText.dayAndClock(device.firstSeen, timeZone, wording)
        lastSeen = AgeText.dayAndClock(device.lastSeen, timeZone, wording)
        let groupWord = wording(group.phrase)
        let stateWord = wording(state.phrase)
        kind = groupWord + wording.separator + stateWord
        groupID = group.rawValue
        stateID = state.rawValue
        isNew = state == .new
        isWired = device.connection == .wired
        isWireless = device.connection == .wireless
        connection = device.connection.map { wording(Self.phrase($0)) } ?? ""
        self.via = via ?? ""
        ariaLabel =
            connection.isEmpty
            ? wording(MapPhrase.nodeLabel, ["name": name, "group": groupWord, "state": stateWord])
            : wording(MapPhrase.nodeLabelWithConnection, ["name": name, "group": groupWord, "state": stateWord, "connection": connection])
        title = [
            name, address, vendor, connection, via.map { wording(MapPhrase.connectedThroughName, ["name": $0]) } ?? "",
            wording(MapPhrase.firstSeenAt, ["time": firstSeen]), wording(MapPhrase.lastSeenAt, ["time": lastSeen]),
        ].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The gateway, from the snapshot's status: its address and vendor, no times.
    init(gateway status: NetworkStatus, _ wording: Wording) {
        id = "gateway"
        group = .network
        state = .active
        name = wording(.gateway)
        address = status.gatewayIP?.text ?? ""
        vendor = status.gatewayVendor ?? ""
        firstSeen = ""
        lastSeen = ""
        kind = ""
        connection = ""
        via = ""
        groupID = group.rawValue
        stateID = state.rawValue
        isNew = false
        isWired = false
        isWireless = false
        ariaLabel = wording.list([name, address, vendor].filter { !$0.isEmpty })
        title = [name, address, vendor].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The word for how a device is connected.
    static func phrase(_ connection: LocalDevice.Connection) -> MapPhrase {
        switch connection {
        case .wired: .wired
        case .wireless: .wireless
        }
    }
}
