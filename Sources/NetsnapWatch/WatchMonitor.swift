import Foundation
import Synchronization

/// What the watch loop reports about itself, for `/healthz`, `/metrics` and logs.
/// Shared between the loop and the server, so it is locked.
public final class WatchMonitor: Sendable {
    /// A copy of the counters at one moment.
    public struct Reading: Sendable, Equatable {
        public var interval: Double
        public var lastSuccess: Date?
        public var lastError: String?
        public var cyclesSucceeded = 0
        public var cyclesFailed = 0
        public var lastCycleSeconds: Double?
        public var totalCycleSeconds = 0.0
        public var targetsOnline = 0
        public var targetsOffline = 0
        public var filesWritten = 0
        /// When the newest rendered data was taken, and when it expires.
        public var snapshotAt: Date?
        public var expiresAt: Date?
        /// Why the last cycle could not write or read the history; nil when it could.
        public var historyProblem: String?
    }

    private let state: Mutex<Reading>

    public init(interval: Double) { state = Mutex(Reading(interval: interval)) }

    public var reading: Reading { state.withLock { $0 } }

    func succeeded(
        at date: Date, seconds: Double, targetsOnline: Int, targetsOffline: Int, filesWritten: Int, snapshotAt: Date,
        expiresAt: Date, historyProblem: String? = nil
    ) {
        state.withLock { reading in
            reading.historyProblem = historyProblem
            reading.snapshotAt = snapshotAt
            reading.expiresAt = expiresAt
            reading.lastSuccess = date
            reading.lastError = nil
            reading.cyclesSucceeded += 1
            reading.lastCycleSeconds = seconds
            reading.totalCycleSeconds += seconds
            reading.targetsOnline = targetsOnline
            reading.targetsOffline = targetsOffline
            reading.filesWritten += filesWritten
        }
    }

    /// A wall of sites written where no watch loop runs (`watch --sites` alone): the health
    /// check follows the wall instead.
    public func wallWritten(at date: Date, expiresAt: Date) {
        succeeded(at: date, seconds: 0, targetsOnline: 0, targetsOffline: 0, filesWritten: 0, snapshotAt: date, expiresAt: expiresAt)
    }

    func failed(_ message: String, seconds: Double) {
        state.withLock { reading in
            reading.lastError = message
            reading.cyclesFailed += 1
            reading.lastCycleSeconds = seconds
            reading.totalCycleSeconds += seconds
        }
    }

    /// Healthy while the last good cycle is within two intervals of `date`; else the reason.
    public func health(at date: Date) -> (healthy: Bool, reason: String) {
        let reading = self.reading
        guard let last = reading.lastSuccess else {
            return (false, reading.lastError.map { "no successful cycle yet: \($0)" } ?? "no successful cycle yet")
        }
        let age = date.timeIntervalSince(last)
        if age > 2 * reading.interval {
            let error = reading.lastError.map { "; last error: \($0)" } ?? ""
            return (false, String(format: "last successful cycle %.0f s ago (interval %.0f s)", age, reading.interval) + error)
        }
        if let problem = reading.historyProblem { return (false, problem) }
        return (true, String(format: "last successful cycle %.0f s ago", age))
    }
}
