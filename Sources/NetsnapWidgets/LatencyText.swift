/// Latency as people read it, shared by pages and tiles: "4.2 ms" below a threshold, whole
/// milliseconds above, and a ceiling so an absurd but valid value cannot overflow a layout.
public enum LatencyText {
    /// Past this a latency reads as "> 999999 ms": an hour-long answer is no answer.
    static let ceiling = 999_999.0

    /// `milliseconds` with one decimal below `oneDecimalBelow`, rounding half away from zero.
    public static func format(_ milliseconds: Double, oneDecimalBelow: Double) -> String {
        guard milliseconds.isFinite, milliseconds <= ceiling else { return "> 999999 ms" }
        if milliseconds >= oneDecimalBelow { return "\(Int(milliseconds.rounded(.toNearestOrAwayFromZero))) ms" }
        let tenths = Int((milliseconds * 10).rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
