import Foundation

/// A host seen on the local network (NetMonitor's `LocalDevice`).
public struct LocalDevice: Sendable, Equatable, Identifiable {
    /// What kind of device it looks like; unknown values read as `.unknown`.
    public enum DeviceType: String, Sendable, CaseIterable, Codable {
        case phone, laptop, tablet, tv, speaker, gaming, iot, router, printer, unknown
    }

    /// Whether the device answered lately.
    public enum Status: String, Sendable, CaseIterable, Codable {
        case active, idle, offline
    }

    public var id: UUID
    /// Required in a snapshot; nil only after redaction.
    public var ipAddress: IPAddress?
    /// Required in a snapshot; nil only after redaction.
    public var macAddress: MACAddress?
    public var hostname: String?
    public var vendor: String?
    public var deviceType: DeviceType
    public var customName: String?
    public var status: Status
    public var firstSeen: Date
    public var lastSeen: Date

    public init(
        id: UUID, ipAddress: IPAddress?, macAddress: MACAddress?, hostname: String? = nil, vendor: String? = nil,
        deviceType: DeviceType = .unknown, customName: String? = nil, status: Status, firstSeen: Date, lastSeen: Date
    ) {
        self.id = id
        self.ipAddress = ipAddress
        self.macAddress = macAddress
        self.hostname = hostname
        self.vendor = vendor
        self.deviceType = deviceType
        self.customName = customName
        self.status = status
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }

    /// The name to show: the custom name, else the hostname, else vendor and the last
    /// three MAC octets, else the vendor, else the IP address, else "Unknown device".
    public var displayName: String {
        if let customName, !customName.isEmpty { return customName }
        if let hostname, !hostname.isEmpty { return hostname }
        if let vendor, !vendor.isEmpty {
            if let macAddress { return "\(vendor) \(macAddress.suffix(octets: 3))" }
            return vendor
        }
        if let ipAddress { return ipAddress.text }
        return "Unknown device"
    }
}
