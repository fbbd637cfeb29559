import Foundation

/// A locale's number symbols and short clock patterns, as ICU gives them, for the locales
/// netsnap ships catalogues for (`LocaleFormats+Shipped.swift`): a tile writes "4,2", "99,9 %"
/// and "17:05" from these instead of creating ICU's formatters: 7 M instructions and ICU's
/// data pages, mostly on the preparation thread, which left English in CLDR formats 5–8 %
/// over the POSIX default per process (now 1–2 %). Every other locale is formatted by ICU.
/// `LocaleFormatsTests` checks each entry's output against ICU's own.
struct LocaleFormats: Sendable, Equatable {
    /// The ten digits, zero first: "0123456789", "٠١٢٣٤٥٦٧٨٩".
    var digits: String
    var decimal: String
    var group: String
    /// The fewest digits before the first group: 1 writes "1.000", 2 writes "1000" but
    /// "10.000" (Spanish, Polish).
    var minimumGrouping: Int
    var minus: String
    var percentPrefix: String
    var percentSuffix: String
    /// The short time pattern for each clock style, with the day periods' words.
    var clocks: ClockPatterns

    /// A whole number in the locale's digits and grouping.
    func integer(_ value: Int) -> String {
        (value < 0 ? minus : "") + localized(String(value.magnitude), fraction: "")
    }

    /// `value` with exactly `fractionDigits` decimals, halves away from zero, rounded as ICU
    /// rounds: from the shortest decimal that reads back as `value` ("4.35" gives "4.4").
    /// Nil where this table does not reach (not finite, an exponent): ICU formats those.
    func decimal(_ value: Double, fractionDigits: Int) -> String? {
        guard let rounded = Self.rounded("\(value)", fractionDigits: fractionDigits) else { return nil }
        return (rounded.negative ? minus : "") + localized(rounded.whole, fraction: rounded.fraction)
    }

    /// A percentage of 0–100 (`value` is the figure, not the fraction): "99,9 %", "٩٩٫٩٪؜".
    func percent(_ value: Double, fractionDigits: Int) -> String? {
        // ICU shifts the fraction's shortest decimal by two places: the same digits here.
        guard value >= 0, let fraction = Self.rounded("\(value / 100)", fractionDigits: fractionDigits, shift: 2),
            !fraction.negative
        else { return nil }
        return percentPrefix + localized(fraction.whole, fraction: fraction.fraction) + percentSuffix
    }

    /// The clock time of `date` at `timeZone` in the pattern for `clock`: the hour and minute
    /// from the zone's offset at that moment, as a Gregorian calendar gives them, without
    /// making one (a calendar and its set of components cost 1.5 M instructions a process).
    func clockTime(_ date: Date, _ timeZone: TimeZone, clock: ClockStyle) -> String? {
        guard let pattern = clocks[clock] else { return nil }
        let local = (date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down)
        guard local.isFinite, abs(local) < 1e15 else { return nil }
        let seconds = Int(local)
        let minuteOfDay = ((seconds - seconds.modulo(60)) / 60).modulo(24 * 60)
        return pattern.format(hour: minuteOfDay / 60, minute: minuteOfDay % 60, digits: digits)
    }

    private func localized(_ whole: String, fraction: String) -> String {
        var grouped = ""
        let count = whole.count
        for (index, digit) in whole.enumerated() {
            let left = count - index
            if index > 0, left % 3 == 0, count >= 3 + minimumGrouping { grouped += group }
            grouped.append(digit)
        }
        return (fraction.isEmpty ? grouped : grouped + decimal + fraction).writtenIn(digits: digits)
    }

    /// The magnitude of a plain decimal `text` ("-4.35") times 10^`shift`, rounded half away
    /// from zero to `fractionDigits`, and its sign; nil for an exponent or not a number.
    private static func rounded(_ text: String, fractionDigits: Int, shift: Int = 0) -> (negative: Bool, whole: String, fraction: String)? {
        let negative = text.hasPrefix("-")
        let parts = (negative ? text.dropFirst() : text[...]).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        var fraction = parts.count == 2 ? parts[1].map { Int($0.asciiValue! - 48) } : []
        fraction += Array(repeating: 0, count: max(0, shift + fractionDigits - fraction.count))
        var wholeCount = parts[0].count + shift
        var kept = parts[0].map { Int($0.asciiValue! - 48) } + fraction.prefix(shift + fractionDigits)
        if fraction.count > shift + fractionDigits, fraction[shift + fractionDigits] >= 5 { wholeCount += carry(&kept) }
        let whole = kept.prefix(wholeCount).drop { $0 == 0 }.map(String.init).joined()
        // ICU keeps the sign of a negative figure rounded to zero ("-0.0"): so does this.
        return (negative, whole.isEmpty ? "0" : whole, kept.suffix(fractionDigits).map(String.init).joined())
    }

    /// Adds one to the last digit; 1 when a digit was added in front (9.99 to 10.00).
    private static func carry(_ digits: inout [Int]) -> Int {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return 0
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
        return 1
    }
}

extension Int {
    /// The remainder of division by `divisor`, never negative (for a positive divisor).
    fileprivate func modulo(_ divisor: Int) -> Int { (self % divisor + divisor) % divisor }
}

extension String {
    /// This text with its ASCII digits written in `digits` (the ten, zero first).
    func writtenIn(digits: String) -> String {
        guard digits != "0123456789" else { return self }
        let own = Array(digits.unicodeScalars)
        var written = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            let value = Int(scalar.value) - 0x30
            written.append((0...9).contains(value) && own.count == 10 ? own[value] : scalar)
        }
        return String(written)
    }
}
