import Foundation

/// A host the gatherer checks (NetMonitor's `MonitoringTarget`).
public struct MonitoringTarget: Sendable, Equatable, Identifiable {
    /// How the target is probed.
    public enum ProbeProtocol: String, Sendable, CaseIterable, Codable {
        case icmp, tcp, http, https, dns
    }

    public var id: UUID
    public var name: String
    public var host: String
    public var probeProtocol: ProbeProtocol
    /// Milliseconds of the last successful probe; nil when not measured.
    public var currentLatency: Double?
    public var isOnline: Bool
    public var lastChecked: Date

    public init(
        id: UUID, name: String, host: String, probeProtocol: ProbeProtocol, currentLatency: Double? = nil,
        isOnline: Bool, lastChecked: Date
    ) {
        self.id = id
        self.name = name
        self.host = host
        self.probeProtocol = probeProtocol
        self.currentLatency = currentLatency
        self.isOnline = isOnline
        self.lastChecked = lastChecked
    }
}
