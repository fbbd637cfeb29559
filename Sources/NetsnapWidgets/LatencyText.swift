import NetsnapLanguage

/// Latency as people read it, shared by pages and tiles: "4.2 ms" below a threshold, whole
/// milliseconds above, and a ceiling so an absurd but valid value cannot overflow a layout.
public enum LatencyText {
    /// Past this a latency reads as "> 999999 ms": an hour-long answer is no answer.
    static let ceiling = 999_999.0

    /// `milliseconds` with one decimal below `oneDecimalBelow`, rounding half away from zero.
    public static func format(_ milliseconds: Double, oneDecimalBelow: Double, _ wording: Wording = .posix) -> String {
        guard milliseconds.isFinite, milliseconds <= ceiling else {
            return "> " + wording(.milliseconds, ["value": wording.integer(Int(ceiling))])
        }
        let digits = milliseconds >= oneDecimalBelow ? 0 : 1
        return wording(.milliseconds, ["value": wording.decimal(milliseconds, fractionDigits: digits)])
    }
}
