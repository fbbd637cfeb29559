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

    /// How the device reaches the network, where its producer knows.
    public enum Connection: String, Sendable, CaseIterable, Codable {
        case wired, wireless
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
    /// Wired or wireless; nil when the producer does not know.
    public var connection: Connection?
    /// The `id` of the switch or access point (another device of the snapshot) this device
    /// reaches the network through; nil for the gateway's own. An id naming no other device
    /// is kept as written: readers draw such a device off the gateway (`Snapshot.uplinks`).
    public var connectedVia: UUID?

    public init(
        id: UUID, ipAddress: IPAddress?, macAddress: MACAddress?, hostname: String? = nil, vendor: String? = nil,
        deviceType: DeviceType = .unknown, customName: String? = nil, status: Status, firstSeen: Date, lastSeen: Date,
        connection: Connection? = nil, connectedVia: UUID? = nil
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
        self.connection = connection
        self.connectedVia = connectedVia
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
