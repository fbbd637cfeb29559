import Foundation

/// The facts `/healthz` judges by.
public struct WatchHealth: Sendable, Equatable {
    /// How often a cycle is due (seconds).
    public var intervalSeconds: Double
    /// When the last cycle succeeded; nil before the first.
    public var lastSuccessAt: Date?
    /// Why the last cycle failed, when it did (cleared by the next success).
    public var lastError: String?

    public init(intervalSeconds: Double, lastSuccessAt: Date? = nil, lastError: String? = nil) {
        self.intervalSeconds = intervalSeconds
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
    }

    /// Healthy while the last success is at most two intervals old: one missed cycle is a
    /// hiccup, two in a row mean the outputs are going stale. The reason says which.
    public func verdict(at now: Date) -> (healthy: Bool, reason: String) {
        let limit = 2 * intervalSeconds
        let failure = lastError.map { "; last error: \($0)" } ?? ""
        guard let lastSuccessAt else { return (false, "no successful cycle yet" + failure) }
        let age = max(0, now.timeIntervalSince(lastSuccessAt))
        if age <= limit {
            return (true, "last successful cycle \(Self.seconds(age)) ago (interval \(Self.seconds(intervalSeconds)))" + failure)
        }
        return (
            false,
            "last successful cycle \(Self.seconds(age)) ago, more than two intervals (\(Self.seconds(limit)))" + failure
        )
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
