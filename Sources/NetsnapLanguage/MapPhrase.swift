/// The network map's words (`map.html` and the displays' `map` screen): the groups devices
/// are drawn in, their states and the details of one device. Kept apart from `PagePhrase`
/// because the tiles word the same groups.
public enum MapPhrase: String, MessageText {
    case networkMap = "Network map"
    case nameNetworkMap = "{name} · Network map"
    // The groups, by the kind of device.
    case phones = "map group\u{04}Phones"
    case computers = "map group\u{04}Computers"
    case media = "map group\u{04}Media"
    case iot = "map group\u{04}IoT"
    case networkGear = "map group\u{04}Network gear"
    case unknown = "map group\u{04}Unknown"
    // A device's state on the map: answering, not answering lately, first seen in the last 24 h.
    case active = "device state\u{04}Active"
    case inactive = "device state\u{04}Inactive"
    case new = "device state\u{04}New"
    // One device's details.
    case firstSeen = "First seen"
    case lastSeen = "Last seen"
    case firstSeenAt = "First seen {time}"
    case lastSeenAt = "Last seen {time}"
    // How a device reaches the network, where the snapshot says: by cable or over the air.
    case wired = "connection\u{04}Wired"
    case wireless = "connection\u{04}Wireless"
    /// The details panel's row for it.
    case connection = "Connection"
    /// The details panel's row naming the switch or access point a device is connected through.
    case connectedThrough = "Connected through"
    /// The tooltip's line for it: "Connected through Hallway access point".
    case connectedThroughName = "Connected through {name}"
    /// What a screen reader says for a device on the map.
    case nodeLabel = "{name}, {group}, {state}"
    /// The same where the snapshot says how it is connected: "Kitchen speaker, Media, Active, Wireless".
    case nodeLabelWithConnection = "{name}, {group}, {state}, {connection}"
    case deviceDetails = "Device details"
    case chooseADevice = "Choose a device on the map to see its details."
}

/// The map's messages whose words change with a count.
public enum MapCountPhrase: String, CountedMessageText {
    case devicesActive = "{active} of {count} device active"
    case mapLabel = "Network map: the gateway and {count} device around it"
    /// A branch's box, for screen readers: the devices connected through one switch or access point.
    case branchLabel = "{count} device connected through {name}"

    public var plural: String {
        switch self {
        case .branchLabel: "{count} devices connected through {name}"
        case .devicesActive: "{active} of {count} devices active"
        case .mapLabel: "Network map: the gateway and {count} devices around it"
        }
    }
}
