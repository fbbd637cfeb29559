import Foundation
import NetsnapJSON
import NetsnapLanguage

/// How the server writes a clock time, for the pages' scripts to write one alike. Browsers'
/// `Intl` and Foundation differ in the details ("07:29" or "7:29", a space or a no-break space
/// before "PM"), so the server writes three times and tells the script its patterns: the
/// morning's and the evening's, whether the hour has two digits, runs to 12 and what midnight
/// reads as; the script fills in the hour and minute in the locale's digits.
enum ScriptClock {
    /// 3 February 2001, 00:00 UTC: the samples are 04:05, 16:05 and 00:05 of that day.
    private static let sampleDay = 981_158_400.0

    /// `{"morning": "{hour}:{minute} AM", "evening": …, "twoDigitHour": false, "twelveHour":
    /// true, "midnight": 12}`; nil where the hour or the minute cannot be found in a sample.
    static func json(_ wording: Wording) -> JSONValue? {
        let number = { (value: Int) in wording.integer(value) }
        let twoDigits = { (value: Int) in (value < 10 ? number(0) : "") + number(value) }
        let minute = twoDigits(5)
        guard let morning = pattern(sample(4, wording), hours: [twoDigits(4), number(4)], minute: minute),
            let evening = pattern(sample(16, wording), hours: [number(16), twoDigits(4), number(4)], minute: minute),
            let midnight = pattern(sample(0, wording), hours: [twoDigits(0), number(0), number(12)], minute: minute)
        else { return nil }
        return .object([
            ("morning", .string(morning.pattern)), ("evening", .string(evening.pattern)),
            ("twoDigitHour", .bool(morning.hour == twoDigits(4))), ("twelveHour", .bool(evening.hour != number(16))),
            ("midnight", .number(midnight.hour == number(12) ? 12 : 0)),
        ])
    }

    private static func sample(_ hour: Int, _ wording: Wording) -> String {
        wording.clockTime(Date(timeIntervalSince1970: sampleDay + Double(hour * 3_600 + 300)), .gmt)
    }

    /// `text` with the first of `hours` found, then `minute` after it, as placeholders; nil
    /// when no hour is followed by the minute.
    private static func pattern(_ text: String, hours: [String], minute: String) -> (pattern: String, hour: String)? {
        for hour in hours {
            guard let hourRange = text.range(of: hour),
                let minuteRange = text.range(of: minute, range: hourRange.upperBound..<text.endIndex)
            else { continue }
            let pattern =
                text[..<hourRange.lowerBound] + "{hour}" + text[hourRange.upperBound..<minuteRange.lowerBound] + "{minute}"
                + text[minuteRange.upperBound...]
            return (String(pattern), hour)
        }
        return nil
    }
}
