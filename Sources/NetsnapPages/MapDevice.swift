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
    /// "Kitchen speaker, Media, Active".
    let ariaLabel: String
    /// The tooltip: every detail, one a line, for a page without its script.
    let title: String

    // Stored, not computed: the templates read a value's stored properties only.
    let groupID: String
    let stateID: String
    let isNew: Bool

    init(_ device: LocalDevice, snapshotAt: Date, timeZone: TimeZone, _ wording: Wording) {
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
        kind = "\(groupWord) · \(stateWord)"
        groupID = group.rawValue
        stateID = state.rawValue
        isNew = state == .new
        ariaLabel = wording(MapPhrase.nodeLabel, ["name": name, "group": groupWord, "state": stateWord])
        title = [
            name, address, vendor, wording(MapPhrase.firstSeenAt, ["time": firstSeen]), wording(MapPhrase.lastSeenAt, ["time": lastSeen]),
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
        groupID = group.rawValue
        stateID = state.rawValue
        isNew = false
        ariaLabel = [name, address, vendor].filter { !$0.isEmpty }.joined(separator: ", ")
        title = [name, address, vendor].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
