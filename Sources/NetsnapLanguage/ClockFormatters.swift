import Foundation
import Synchronization

/// The locale's own short time pattern (CLDR's `timeFormats/short`: "HH:mm" in German and
/// French, "H:mm" in Japanese and Hebrew, "h:mm a" in American English), one formatter per
/// locale, clock and time zone, shared by the process. Foundation's `Date.FormatStyle` with
/// `.shortened` builds its pattern from a skeleton instead, which on Linux drops the leading
/// zero German and French write ("7:29" for "07:29"), and costs the date-pattern generator's
/// first use (about 1 ms).
enum ClockFormatters {
    private struct Key: Hashable {
        var locale: String
        var timeZone: String
    }

    /// DateFormatter is a class: each one is used only under the lock.
    private static let formatters = Mutex<[Key: DateFormatter]>([:])

    /// `date` at `timeZone` in `locale`'s short time pattern; the locale carries the clock
    /// (`hours=h23` or `h12`) when one is configured, which ICU applies to the pattern.
    static func clockTime(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        formatters.withLock { formatters in
            let key = Key(locale: locale.identifier, timeZone: timeZone.identifier)
            if let formatter = formatters[key] { return formatter.string(from: date) }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateStyle = .none
            formatter.timeStyle = .short
            if formatters.count >= 64 { formatters.removeAll() }
            formatters[key] = formatter
            return formatter.string(from: date)
        }
    }
}
