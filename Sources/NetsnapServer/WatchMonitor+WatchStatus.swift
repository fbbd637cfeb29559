import NetsnapRender
import NetsnapWatch

extension WatchMonitor: WatchStatus {
    public func health() -> WatchHealth {
        let reading = reading
        return WatchHealth(
            intervalSeconds: reading.interval, lastSuccessAt: reading.lastSuccess, lastError: reading.lastError,
            snapshotAt: reading.snapshotAt, expiresAt: reading.expiresAt, historyProblem: reading.historyProblem)
    }

    public func updateMetrics(_ metrics: ServerMetrics) {
        metrics.record(reading)
    }
}
