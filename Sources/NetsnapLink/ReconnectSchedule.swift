/// How long the live link waits before its next connection attempt: exponential back-off
/// with jitter, capped. Pure: the randomness is passed in, so tests can pin it.
public struct ReconnectSchedule: Sendable, Equatable {
    /// The first pause's full step (seconds).
    public let initialSeconds: Double
    /// No pause is longer than this (seconds).
    public let maximumSeconds: Double
    /// Failed attempts since the last connection that delivered data.
    public private(set) var failures = 0

    public init(initialSeconds: Double = 1, maximumSeconds: Double = 30) {
        self.initialSeconds = max(0.001, initialSeconds)
        self.maximumSeconds = max(self.initialSeconds, maximumSeconds)
    }

    /// The step before jitter for the current failure count: initial × 2ⁿ, capped.
    public var step: Double {
        // 2⁶⁰ already exceeds any sensible cap; the bound keeps the power finite.
        min(maximumSeconds, initialSeconds * Double(1 << min(failures, 60)))
    }

    /// The pause before the next attempt, and one more failure counted. "Equal jitter": half
    /// the step, plus up to another half at random (`unit` in 0..<1), so agents restarted
    /// together do not see every display reconnect in the same instant, yet no retry comes
    /// sooner than half its step.
    public mutating func nextPause(unit: Double) -> Double {
        let current = step
        failures += 1
        let jitter = min(max(unit, 0), 1)
        return current / 2 + current / 2 * jitter
    }

    /// Data flowed: the next failure starts from the first step again.
    public mutating func reset() { failures = 0 }
}
