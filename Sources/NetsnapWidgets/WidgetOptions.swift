/// The thresholds the widget rules use.
public struct WidgetOptions: Sendable, Equatable {
    /// Gateway latency above this (ms) makes the status `degraded`.
    public var latencyThresholdMs: Double
    /// A target losing a larger share of its echoes than this (%) is degraded.
    public var lossThresholdPercent: Double
    /// A target whose jitter is above this (ms) is degraded.
    public var jitterThresholdMs: Double
    /// How long a snapshot counts as current (seconds); `expiresAt` = snapshot time + this.
    public var freshnessSeconds: Double

    public init(
        latencyThresholdMs: Double = 100, lossThresholdPercent: Double = 5, jitterThresholdMs: Double = 30,
        freshnessSeconds: Double = 300
    ) {
        self.latencyThresholdMs = latencyThresholdMs
        self.lossThresholdPercent = lossThresholdPercent
        self.jitterThresholdMs = jitterThresholdMs
        self.freshnessSeconds = freshnessSeconds
    }
}
