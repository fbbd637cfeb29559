/// When the line counts as short of its promise: results whose slower direction is under
/// `belowMbps`, `afterRuns` measurements in a row (one slow run at a busy hour is not a fault).
public struct SpeedAlert: Sendable, Equatable {
    public var belowMbps: Double
    public var afterRuns: Int

    public init(belowMbps: Double, afterRuns: Int = 3) {
        self.belowMbps = belowMbps
        self.afterRuns = max(1, afterRuns)
    }
}
