import Foundation

/// One measurement of what the internet line delivers: throughput each way and the latency
/// and jitter seen meanwhile. Any figure may be missing (a tool that measured one way only);
/// absent means not measured, never zero.
public struct SpeedResult: Sendable, Equatable, Codable {
    /// When the measurement finished.
    public var measuredAt: Date
    public var downloadMbps: Double?
    public var uploadMbps: Double?
    public var latencyMs: Double?
    public var jitterMs: Double?
    /// The server measured against, as the tool names it.
    public var server: String?
    /// What measured: `iperf3`, `ookla`, `librespeed`, `speedtest-tracker`, or another writer's name.
    public var tool: String?
    /// Bytes the measurement moved, both ways: what a run costs on a metered line.
    public var bytesUsed: Double?

    public init(
        measuredAt: Date, downloadMbps: Double? = nil, uploadMbps: Double? = nil, latencyMs: Double? = nil,
        jitterMs: Double? = nil, server: String? = nil, tool: String? = nil, bytesUsed: Double? = nil
    ) {
        self.measuredAt = measuredAt
        self.downloadMbps = downloadMbps
        self.uploadMbps = uploadMbps
        self.latencyMs = latencyMs
        self.jitterMs = jitterMs
        self.server = server
        self.tool = tool
        self.bytesUsed = bytesUsed
    }

    /// The slower of the two directions measured, which an alert threshold is held against.
    public var slowestMbps: Double? {
        [downloadMbps, uploadMbps].compactMap { $0 }.min()
    }
}
