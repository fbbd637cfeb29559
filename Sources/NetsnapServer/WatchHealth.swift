import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

/// The facts `/healthz` judges by: the loop that refreshes the outputs, and the age of the
/// data in them — a loop that runs fine over a source that went quiet is not healthy.
public struct WatchHealth: Sendable, Equatable {
    /// How often a cycle is due (seconds).
    public var intervalSeconds: Double
    /// When the last cycle succeeded; nil before the first.
    public var lastSuccessAt: Date?
    /// Why the last cycle failed, when it did (cleared by the next success).
    public var lastError: String?
    /// When the newest data was taken, and when it expires; nil before there is any.
    public var snapshotAt: Date?
    public var expiresAt: Date?
    /// Why the last cycle could not write or read the history (its outputs were rendered all
    /// the same); nil when it could.
    public var historyProblem: String?

    public init(
        intervalSeconds: Double, lastSuccessAt: Date? = nil, lastError: String? = nil, snapshotAt: Date? = nil,
        expiresAt: Date? = nil, historyProblem: String? = nil
    ) {
        self.intervalSeconds = intervalSeconds
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.snapshotAt = snapshotAt
        self.expiresAt = expiresAt
        self.historyProblem = historyProblem
    }

    /// The data's freshness at `now`; nil without data.
    public func freshness(at now: Date) -> Freshness? {
        guard let snapshotAt, let expiresAt else { return nil }
        return Freshness(snapshotAt: snapshotAt, expiresAt: expiresAt, at: now)
    }

    /// Seconds from the newest data's snapshot time to `now`; nil without data.
    public func dataAgeSeconds(at now: Date) -> Double? { snapshotAt.map { now.timeIntervalSince($0) } }

    /// Healthy while the last success is at most two intervals old — one missed cycle is a
    /// hiccup, two in a row mean the outputs are going stale — the data is fresh and the
    /// history can be written. The reason says which.
    public func verdict(at now: Date) -> (healthy: Bool, reason: String) {
        var loop = loopVerdict(at: now)
        if let historyProblem { loop = (false, historyProblem + "; " + loop.reason) }
        guard let freshness = freshness(at: now), let snapshotAt else { return loop }
        let taken = RFC3339.format(snapshotAt)
        switch freshness {
        case .fresh:
            return loop
        case .stale(let age):
            let window = Self.seconds((expiresAt ?? snapshotAt).timeIntervalSince(snapshotAt))
            return (
                false, "the data is \(AgeText.age(age)) old (snapshot \(taken)), past its freshness window of \(window); " + loop.reason
            )
        case .clockAhead(let ahead):
            return (false, "the data is dated \(AgeText.age(ahead)) ahead of this host's clock (snapshot \(taken)); " + loop.reason)
        }
    }

    private func loopVerdict(at now: Date) -> (healthy: Bool, reason: String) {
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
