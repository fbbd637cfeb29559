import Foundation
import NetsnapModel

/// What the dashboard shows beyond the three widgets: session, link and internet details,
/// every target and the first devices. The pages render it and widgets.json carries it, so
/// a page that refreshes itself shows exactly what a fresh render would.
public struct DashboardDetails: Sendable, Equatable, Codable {
    /// A device in the dashboard's list.
    public struct DeviceRow: Sendable, Equatable, Codable {
        public var displayName: String
        public var ipAddress: String?
        public var deviceType: LocalDevice.DeviceType
        public var status: LocalDevice.Status
    }

    /// The dashboard lists this many devices; the rest are counted ("and N more").
    public static let deviceLimit = 200

    public var sourceName: String?
    public var sourceKind: SnapshotSource.Kind?
    public var sessionStartedAt: Date?
    /// Seconds from the session's start to the snapshot; nil without a session start.
    public var runningSeconds: Double?
    public var ssid: String?
    public var signalStrength: Int?
    public var securityType: String?
    public var bssid: String?
    public var gatewayMAC: String?
    /// The host's own address on its uplink interface.
    public var localIP: String?
    public var gatewayVendor: String?
    public var city: String?
    public var country: String?
    /// Every target, in snapshot order.
    public var targets: [LargeWidget.TargetRow]
    /// Targets that are offline.
    public var targetsOffline: Int
    /// Mean latency of the targets that have one; nil when none has.
    public var averageLatencyMs: Double?
    /// The first `deviceLimit` devices, in snapshot order.
    public var devices: [DeviceRow]
    /// Devices beyond the list.
    public var devicesNotListed: Int
    /// The newest `lastSeen` of any device: when the network was last scanned.
    public var lastScanAt: Date?

    public init(_ snapshot: Snapshot, options: WidgetOptions) {
        let status = snapshot.status
        sourceName = snapshot.source?.name
        sourceKind = snapshot.source?.kind
        sessionStartedAt = snapshot.session?.startedAt
        runningSeconds = sessionStartedAt.map { max(0, snapshot.generatedAt.timeIntervalSince($0)) }
        ssid = status.ssid
        signalStrength = LinkText.hasSignal(status.connectionType) ? status.signalStrength : nil
        securityType = status.securityType
        bssid = status.bssid?.text
        gatewayMAC = status.gatewayMAC?.text
        localIP = status.localIP?.text
        gatewayVendor = status.gatewayVendor
        city = status.location?.city
        country = status.location?.country
        targets = snapshot.targets.map { LargeWidget.TargetRow($0, options: options) }
        targetsOffline = snapshot.targets.reduce(0) { $0 + ($1.isOnline ? 0 : 1) }
        let latencies = snapshot.targets.compactMap(\.currentLatency)
        averageLatencyMs = latencies.isEmpty ? nil : latencies.reduce(0, +) / Double(latencies.count)
        devices = snapshot.devices.prefix(Self.deviceLimit).map { device in
            DeviceRow(
                displayName: device.displayName, ipAddress: device.ipAddress?.text, deviceType: device.deviceType,
                status: device.status)
        }
        devicesNotListed = snapshot.devices.count - devices.count
        lastScanAt = snapshot.devices.lazy.map(\.lastSeen).max()
    }
}
