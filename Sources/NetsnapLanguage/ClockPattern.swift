/// A short time pattern in ICU's letters — `H`/`HH` (0–23), `h`/`hh` (1–12), `K`/`KK` (0–11),
/// `k`/`kk` (1–24), `mm`, `a` (the day period) — with the locale's words for the morning and
/// afternoon: "HH:mm", "h:mm a", "aK:mm". Anything else (quoted text, a flexible day period
/// `B`, a zone) is left to ICU.
struct ClockPattern: Sendable, Equatable {
    var pattern: String
    var am: String
    var pm: String

    /// `hour` (0–23) and `minute` in this pattern, in `digits` (the ten, zero first); nil for
    /// a pattern with a letter this does not know. Pattern letters are ASCII letters, as in
    /// ICU; any other character is text. Read by scalars: the first use of `Character`'s
    /// properties costs a process a table of Unicode's.
    func format(hour: Int, minute: Int, digits: String) -> String? {
        var text = String.UnicodeScalarView()
        var letters = Array(pattern.unicodeScalars)[...]
        while let letter = letters.first {
            let count = letters.prefix { $0 == letter }.count
            letters = letters.dropFirst(count)
            switch letter {
            case "H": text.append(contentsOf: Self.padded(hour, count))
            case "h": text.append(contentsOf: Self.padded(hour % 12 == 0 ? 12 : hour % 12, count))
            case "K": text.append(contentsOf: Self.padded(hour % 12, count))
            case "k": text.append(contentsOf: Self.padded(hour == 0 ? 24 : hour, count))
            case "m": text.append(contentsOf: Self.padded(minute, count))
            case "a": text.append(contentsOf: (hour < 12 ? am : pm).unicodeScalars)
            case "'": return nil
            case _ where (0x41...0x5A).contains(letter.value) || (0x61...0x7A).contains(letter.value): return nil
            default: text.append(contentsOf: repeatElement(letter, count: count))
            }
        }
        return String(text).writtenIn(digits: digits)
    }

    private static func padded(_ value: Int, _ width: Int) -> String.UnicodeScalarView {
        let digits = String(value)
        return (String(repeating: "0", count: max(0, width - digits.utf8.count)) + digits).unicodeScalars
    }
}
