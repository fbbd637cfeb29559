import NetsnapModel
import NetsnapSettings

/// A custom name and/or type for the device with one MAC address.
public struct DeviceOverride: Sendable, Equatable {
    public var mac: MACAddress
    /// Written as the device's `customName`.
    public var name: String?
    /// Replaces the guessed device type.
    public var type: LocalDevice.DeviceType?

    public init(mac: MACAddress, name: String? = nil, type: LocalDevice.DeviceType? = nil) {
        self.mac = mac
        self.name = name
        self.type = type
    }

    /// One entry of `gather.devices`, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkKeys(["mac", "name", "type"])
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
    }
}
