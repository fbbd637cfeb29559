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
    /// The share of echoes of the last check that got no answer, 0–100 %; nil unless the
    /// producer sends several per check (netsnap's `count` on an ICMP target).
    public var lossPercent: Double?
    /// The mean absolute difference between consecutive round trips of the last check, in
    /// ms (RFC 3550's interarrival jitter, unsmoothed); nil with fewer than two answers.
    public var jitterMs: Double?
    public var isOnline: Bool
    public var lastChecked: Date
    /// Why the last probe failed, as a short sentence ("connection refused", "HTTP 500
    /// (expected 200)"); nil when it succeeded or the producer does not say.
    public var lastError: String?
    /// When `lastError` was seen.
    public var lastErrorAt: Date?

    public init(
        id: UUID, name: String, host: String, probeProtocol: ProbeProtocol, currentLatency: Double? = nil,
        lossPercent: Double? = nil, jitterMs: Double? = nil, isOnline: Bool, lastChecked: Date, lastError: String? = nil,
        lastErrorAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.host = host
        self.probeProtocol = probeProtocol
        self.currentLatency = currentLatency
        self.lossPercent = lossPercent
        self.jitterMs = jitterMs
        self.isOnline = isOnline
        self.lastChecked = lastChecked
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
    }
}
