import Foundation

/// What the history store adds to a snapshot's outputs: uptime per target and latency
/// series for sparklines. Plain values, so renderers stay pure.
public struct HistorySummary: Sendable, Equatable, Codable {
    /// A target's share of successful checks.
    public struct TargetUptime: Sendable, Equatable, Codable {
        public var targetID: UUID
        public var name: String
        /// 0–100 %, nil without samples in the window.
        public var uptime24h: Double?
        public var uptime7d: Double?
        public var latency: LatencySeries
        /// Average loss (%) and jitter (ms) per bucket, for targets checked with several
        /// echoes; nil where neither was measured in the window.
        public var lossPercent: LatencySeries?
        public var jitterMs: LatencySeries?

        public init(targetID: UUID, name: String, uptime24h: Double?, uptime7d: Double?, latency: LatencySeries) {
            self.targetID = targetID
            self.name = name
            self.uptime24h = uptime24h
            self.uptime7d = uptime7d
            self.latency = latency
        }
    }

    /// Average latency per time bucket, oldest first; nil where nothing was measured.
    public struct LatencySeries: Sendable, Equatable, Codable {
        public var bucketSeconds: Int
        public var endsAt: Date
        public var points: [Double?]

        public init(bucketSeconds: Int, endsAt: Date, points: [Double?]) {
            self.bucketSeconds = bucketSeconds
            self.endsAt = endsAt
            self.points = points
        }

        /// True when at least two points were measured — enough to draw a line.
        public var isDrawable: Bool { points.compactMap { $0 }.count >= 2 }
    }

    public var gatewayLatency: LatencySeries
    public var targets: [TargetUptime]
    /// The last 30 days of the target with the lowest 30-day uptime, for the tiles' strip;
    /// nil without an uptime report.
    public var worstUptime: UptimeStrip?
    /// The line's measured speed by day over 90 days (the mean of each day's results); nil
    /// when nothing was measured in that time.
    public var speed: SpeedHistory?

    /// Download and upload (Mbps) by day, the last day the one the summary ends in.
    public struct SpeedHistory: Sendable, Equatable, Codable {
        public var download: LatencySeries
        public var upload: LatencySeries

        public init(download: LatencySeries, upload: LatencySeries) {
            self.download = download
            self.upload = upload
        }
    }

    public init(gatewayLatency: LatencySeries, targets: [TargetUptime], worstUptime: UptimeStrip? = nil) {
        self.gatewayLatency = gatewayLatency
        self.targets = targets
        self.worstUptime = worstUptime
    }
}
