import Foundation
import NetsnapModel

/// The large widget: the medium one plus link details, the targets with problems first,
/// device totals and the newest devices.
@dynamicMemberLookup
public struct LargeWidget: Sendable, Equatable, Codable {
    /// A target row.
    public struct TargetRow: Sendable, Equatable, Codable {
        /// The target's id, so history (uptime) can be matched to the row.
        public var id: UUID
        public var name: String
        public var host: String
        public var probeProtocol: MonitoringTarget.ProbeProtocol
        public var isOnline: Bool
        public var latencyMs: Double?
        /// The share of the last check's echoes lost, 0–100 %, when several were sent.
        public var lossPercent: Double?
        /// The last check's jitter in ms, when it had two answers or more.
        public var jitterMs: Double?
        /// Answering, but losing or varying more than the thresholds allow.
        public var isDegraded: Bool

        /// `online`, `degraded` (answering, but losing or varying too much) or `offline`.
        public var state: OverallStatus { isOnline ? (isDegraded ? .degraded : .online) : .offline }
        /// Why the last probe failed, when the target is down and the producer says.
        public var lastError: String?
        /// When `lastError` was seen.
        public var lastErrorAt: Date?
        /// The share of successful checks over the last 24 h, 0–100 %, from the history
        /// store; nil without history or without a check in the window.
        public var uptime24h: Double?

        /// The row for `target`, judged with `options`.
        public init(_ target: MonitoringTarget, options: WidgetOptions) {
            id = target.id
            name = target.name
            host = target.host
            probeProtocol = target.probeProtocol
            isOnline = target.isOnline
            latencyMs = target.currentLatency
            lossPercent = target.lossPercent
            jitterMs = target.jitterMs
            isDegraded = StatusRules.isDegraded(target, options: options)
            // An old failure on a target that is up again is no reason to show.
            lastError = target.isOnline ? nil : target.lastError
            lastErrorAt = target.isOnline ? nil : target.lastErrorAt
        }

        /// Decodes a row, also as an older netsnap saved it (widgets-state.json, before
        /// loss and jitter): a missing `isDegraded` is false, so `serve` draws at once.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(UUID.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            host = try container.decode(String.self, forKey: .host)
            probeProtocol = try container.decode(MonitoringTarget.ProbeProtocol.self, forKey: .probeProtocol)
            isOnline = try container.decode(Bool.self, forKey: .isOnline)
            latencyMs = try container.decodeIfPresent(Double.self, forKey: .latencyMs)
            lossPercent = try container.decodeIfPresent(Double.self, forKey: .lossPercent)
            jitterMs = try container.decodeIfPresent(Double.self, forKey: .jitterMs)
            isDegraded = try container.decodeIfPresent(Bool.self, forKey: .isDegraded) ?? false
            lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
            lastErrorAt = try container.decodeIfPresent(Date.self, forKey: .lastErrorAt)
            uptime24h = try container.decodeIfPresent(Double.self, forKey: .uptime24h)
        }
    }

    /// A recently first-seen device.
    public struct DeviceRow: Sendable, Equatable, Codable {
        public var displayName: String
        public var ipAddress: String?
        public var deviceType: LocalDevice.DeviceType
        public var firstSeen: Date
    }

    public static let topTargetLimit = 5
    public static let recentDeviceLimit = 3

    public var medium: MediumWidget
    public var band: String?
    public var channel: Int?
    public var gatewayIP: String?
    public var ispName: String?
    public var asn: String?
    public var topTargets: [TargetRow]
    public var devicesTotal: Int
    public var devicesActive: Int
    public var recentDevices: [DeviceRow]
    /// When the status part was measured.
    public var updatedAt: Date

    public init(_ snapshot: Snapshot, medium: MediumWidget, options: WidgetOptions) {
        self.medium = medium
        let status = snapshot.status
        band = status.frequency
        channel = status.channel
        gatewayIP = status.gatewayIP?.text
        ispName = status.ispName
        asn = status.asn
        topTargets = Ranking.problemsFirst(snapshot.targets, limit: Self.topTargetLimit) {
            StatusRules.isDegraded($0, options: options)
        }.map { TargetRow($0, options: options) }
        devicesTotal = snapshot.devices.count
        devicesActive = snapshot.devices.indices.reduce(0) { $0 + (snapshot.devices[$1].status == .active ? 1 : 0) }
        recentDevices = Ranking.newestFirstSeen(snapshot.devices, limit: Self.recentDeviceLimit).map { device in
            DeviceRow(
                displayName: device.displayName, ipAddress: device.ipAddress?.text, deviceType: device.deviceType,
                firstSeen: device.firstSeen)
        }
        updatedAt = status.updatedAt
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<MediumWidget, Value>) -> Value { medium[keyPath: keyPath] }
}
