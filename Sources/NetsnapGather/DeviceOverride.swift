import NetsnapModel

/// A custom name and/or type for the device with one MAC address.
public struct DeviceOverride: Sendable, Equatable, Decodable {
    public var mac: MACAddress
    /// Written as the device's `customName`.
    public var name: String?
    /// Replaces the guessed device type.
    public var type: LocalDevice.DeviceType?

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case mac, name, type
    }

    public init(mac: MACAddress, name: String? = nil, type: LocalDevice.DeviceType? = nil) {
        self.mac = mac
        self.name = name
        self.type = type
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let macText = try container.decode(String.self, forKey: .mac)
        guard let mac = MACAddress(macText) else {
            throw DecodingError.dataCorruptedError(forKey: .mac, in: container, debugDescription: "\"\(macText)\" is not a MAC address")
        }
        self.mac = mac
        name = try container.decodeIfPresent(String.self, forKey: .name)
        if let typeText = try container.decodeIfPresent(String.self, forKey: .type) {
            guard let type = LocalDevice.DeviceType(rawValue: typeText) else {
                let allowed = LocalDevice.DeviceType.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: container, debugDescription: "unknown type \"\(typeText)\"; expected one of \(allowed)")
            }
            self.type = type
        }
    }
}
