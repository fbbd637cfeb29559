/// A short time pattern in ICU's letters — `H`/`HH` (0–23), `h`/`hh` (1–12), `K`/`KK` (0–11),
/// `k`/`kk` (1–24), `mm`, `a` (the day period) — with the locale's words for the morning and
/// afternoon: "HH:mm", "h:mm a", "aK:mm". Anything else (quoted text, a flexible day period
/// `B`, a zone) is left to ICU.
struct ClockPattern: Sendable, Equatable {
    var pattern: String
    var am: String
    var pm: String

    /// `hour` (0–23) and `minute` in this pattern, in `digits` (zero first); nil for a pattern
    /// with a letter this does not know.
    func format(hour: Int, minute: Int, digits: [Character]) -> String? {
        var text = ""
        var letters = pattern[...]
        while let letter = letters.first {
            let run = letters.prefix { $0 == letter }
            letters = letters.dropFirst(run.count)
            switch letter {
            case "H": text += Self.padded(hour, run.count)
            case "h": text += Self.padded(hour % 12 == 0 ? 12 : hour % 12, run.count)
            case "K": text += Self.padded(hour % 12, run.count)
            case "k": text += Self.padded(hour == 0 ? 24 : hour, run.count)
            case "m": text += Self.padded(minute, run.count)
            case "a": text += hour < 12 ? am : pm
            case _ where letter.isLetter || letter == "'": return nil
            default: text += run
            }
        }
        guard digits.first != "0" else { return text }
        return String(text.map { $0.isASCII && $0.isNumber ? digits[Int($0.asciiValue! - 48)] : $0 })
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
