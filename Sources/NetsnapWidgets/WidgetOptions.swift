/// The thresholds the widget rules use.
public struct WidgetOptions: Sendable, Equatable {
    /// Gateway latency above this (ms) makes the status `degraded`.
    public var latencyThresholdMs: Double
    /// How long a snapshot counts as current (seconds); `expiresAt` = snapshot time + this.
    public var freshnessSeconds: Double

    public init(latencyThresholdMs: Double = 100, freshnessSeconds: Double = 300) {
        self.latencyThresholdMs = latencyThresholdMs
        self.freshnessSeconds = freshnessSeconds
    }
}
