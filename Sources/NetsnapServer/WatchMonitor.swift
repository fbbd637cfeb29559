import Foundation
import NIOConcurrencyHelpers
import Prometheus

/// The watch loop's report card: the loop calls `cycleSucceeded` or `cycleFailed` after
/// every cycle, the server reads `health()` for `/healthz`, and the cycle metrics land in
/// the shared Prometheus registry for `/metrics`.
public final class WatchMonitor: WatchStatus {
    public let intervalSeconds: Double
    private let state = NIOLockedValueBox<(lastSuccessAt: Date?, lastError: String?)>((nil, nil))
    private let cycleDuration: DurationHistogram
    private let succeeded: Counter
    private let failed: Counter
    private let probesUp: Counter
    private let probesDown: Counter

    public init(intervalSeconds: Double, metrics: ServerMetrics) {
        self.intervalSeconds = intervalSeconds
        let registry = metrics.registry
        cycleDuration = registry.makeDurationHistogram(
            descriptor: ServerMetrics.name(
                "watch", "cycle_duration", "seconds", help: "Time of one watch cycle: snapshot, store, render, write."),
            buckets: [.milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)])
        let cycles = ServerMetrics.name("watch", "cycles", "total", help: "Watch cycles, by result.")
        succeeded = registry.makeCounter(descriptor: cycles, labels: [("result", "ok")])
        failed = registry.makeCounter(descriptor: cycles, labels: [("result", "failed")])
        let probes = ServerMetrics.name(
            "probe", "results", "total", help: "Probe results (gateway and targets) seen by watch cycles, by result.")
        probesUp = registry.makeCounter(descriptor: probes, labels: [("result", "up")])
        probesDown = registry.makeCounter(descriptor: probes, labels: [("result", "down")])
    }

    /// A cycle finished at `date` after `duration`, its probes answering `up` and `down` times.
    public func cycleSucceeded(at date: Date, duration: Duration, probesUp up: Int, probesDown down: Int) {
        state.withLockedValue { $0 = (date, nil) }
        cycleDuration.record(duration)
        succeeded.increment()
        probesUp.increment(by: Int64(up))
        probesDown.increment(by: Int64(down))
    }

    /// A cycle failed after `duration` with `error` (shown by `/healthz` until a success).
    public func cycleFailed(duration: Duration, error: String) {
        state.withLockedValue { $0.lastError = error }
        cycleDuration.record(duration)
        failed.increment()
    }

    public func health() -> WatchHealth {
        let (lastSuccessAt, lastError) = state.withLockedValue { $0 }
        return WatchHealth(intervalSeconds: intervalSeconds, lastSuccessAt: lastSuccessAt, lastError: lastError)
    }
}
