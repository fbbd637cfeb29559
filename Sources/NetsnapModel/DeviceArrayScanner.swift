import Foundation
import NetsnapJSON

/// Reads a snapshot's `devices` array straight from its bytes into devices, without the
/// intermediate JSON values (`FlatObjectArrayScanner`): the array is most of a large snapshot,
/// and building, reading and freeing 100,000 small objects was most of the cost of decoding it.
///
/// It only takes the plain case — every element an object of the members `decodeDevices`
/// reads, with string (or null) values, unescaped strings, every value valid. On anything else it gives up
/// and the decoder reads the document the general way, which reports every issue with
/// its JSON path: the two must agree on every document this one accepts.
enum DeviceArrayScanner {
    /// The members a device is made of, in the order of `keys`.
    private enum Member: Int {
        case id, ipAddress, macAddress, hostname, vendor, deviceType, customName, status, firstSeen, lastSeen, connection, connectedVia
    }

    private static let keys: [StaticString] = [
        "id", "ipAddress", "macAddress", "hostname", "vendor", "deviceType", "customName", "status", "firstSeen", "lastSeen", "connection",
        "connectedVia",
    ]

    /// The devices of the array starting at `start`, and the index after it; nil to leave it
    /// to the general path.
    static func scan(_ bytes: [UInt8], from start: Int) -> (devices: [LocalDevice], end: Int)? {
        var devices: [LocalDevice] = []
        let end = FlatObjectArrayScanner.scan(bytes, from: start, keys: keys) { object in
            guard let device = make(object) else { return false }
            devices.append(device)
            return true
        }
        return end.map { (devices, $0) }
    }

    /// The device, when every member is valid; nil where the general path finds an issue.
    private static func make(_ object: FlatObjectArrayScanner.Object) -> LocalDevice? {
        func text(_ member: Member) -> String? { object.string(member.rawValue) }
        guard let idText = object.utf8(Member.id.rawValue), let id = UUIDText.parse(utf8: idText),
            let ipAddress = text(.ipAddress).flatMap({ IPAddress($0) }),
            let macAddress = text(.macAddress).flatMap({ MACAddress($0) }),
            let status = text(.status).flatMap({ LocalDevice.Status(rawValue: $0) }),
            let firstSeen = date(object, .firstSeen), let lastSeen = date(object, .lastSeen)
        else { return nil }
        let hostname = text(.hostname)
        let vendor = text(.vendor)
        let customName = text(.customName)
        if let hostname, !TextLimit.hostname.admits(hostname) { return nil }
        if let vendor, !TextLimit.name.admits(vendor) { return nil }
        if let customName, !TextLimit.name.admits(customName) { return nil }
        let deviceType = text(.deviceType).flatMap { LocalDevice.DeviceType(rawValue: $0) } ?? .unknown
        guard let link = link(object) else { return nil }
        return LocalDevice(
            id: id, ipAddress: ipAddress, macAddress: macAddress, hostname: hostname, vendor: vendor, deviceType: deviceType,
            customName: customName, status: status, firstSeen: firstSeen, lastSeen: lastSeen, connection: link.connection,
            connectedVia: link.via)
    }

    /// How the device is connected, both members optional; nil when one is present but not
    /// what the contract allows, so the general path words the issue.
    private static func link(_ object: FlatObjectArrayScanner.Object) -> (connection: LocalDevice.Connection?, via: UUID?)? {
        var result: (connection: LocalDevice.Connection?, via: UUID?) = (nil, nil)
        if let word = object.string(Member.connection.rawValue) {
            guard let connection = LocalDevice.Connection(rawValue: word) else { return nil }
            result.connection = connection
        }
        if let text = object.utf8(Member.connectedVia.rawValue) {
            guard let via = UUIDText.parse(utf8: text) else { return nil }
            result.via = via
        }
        return result
    }

    private static func date(_ object: FlatObjectArrayScanner.Object, _ member: Member) -> Date? {
        guard let date = object.date(member.rawValue), date < ObjectReader.datesEnd else { return nil }
        return date
    }
}
