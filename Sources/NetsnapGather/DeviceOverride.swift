import NetsnapModel
import NetsnapSettings

/// A custom name and/or type for the device with one MAC address, and how it is connected
/// where the host cannot see it (LLDP tells only the host's own neighbours).
public struct DeviceOverride: Sendable, Equatable {
    public var mac: MACAddress
    /// Written as the device's `customName`.
    public var name: String?
    /// Replaces the guessed device type.
    public var type: LocalDevice.DeviceType?
    /// Replaces what LLDP or the station list say (or their silence).
    public var connection: LocalDevice.Connection?
    /// The MAC of the switch or access point it is connected through: written as its
    /// `connectedVia` while that device is in the snapshot too.
    public var via: MACAddress?

    public init(
        mac: MACAddress, name: String? = nil, type: LocalDevice.DeviceType? = nil, connection: LocalDevice.Connection? = nil,
        via: MACAddress? = nil
    ) {
        self.mac = mac
        self.name = name
        self.type = type
        self.connection = connection
        self.via = via
    }

    /// One entry of `gather.devices`, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkKeys(["mac", "name", "type", "connection", "via"])
        guard let macText = try reader.string("mac") else { throw reader.error("mac", "required: the device's MAC address") }
        guard let mac = MACAddress(macText) else { throw reader.error("mac", "\"\(macText)\" is not a MAC address") }
        self.mac = mac
        name = try reader.string("name")
        if let typeText = try reader.string("type") {
            guard let type = LocalDevice.DeviceType(rawValue: typeText) else {
                let allowed = LocalDevice.DeviceType.allCases.map(\.rawValue).joined(separator: ", ")
                throw reader.error("type", "unknown type \"\(typeText)\"; expected one of \(allowed)")
            }
            self.type = type
        }
        if let connectionText = try reader.string("connection") {
            guard let connection = LocalDevice.Connection(rawValue: connectionText) else {
                throw reader.error("connection", "unknown connection \"\(connectionText)\"; expected wired or wireless")
            }
            self.connection = connection
        }
        if let viaText = try reader.string("via") {
            guard let via = MACAddress(viaText) else { throw reader.error("via", "\"\(viaText)\" is not a MAC address") }
            self.via = via
        }
    }
}
