import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// How values read on a page, in the page's language (`wording`; the POSIX locale keeps the
/// fixed forms below). `netsnap.js` formats the same values the same way when it updates a
/// page in place, so a change here needs the same change in its `format` table (the browser
/// tests compare the two).
enum PageFormat {
    /// What an absent value reads as.
    static let absent = "—"

    static func text(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return absent }
        return value
    }

    /// "4.2 ms" below 100 ms, "148 ms" from there; rounding half up as JavaScript's Math.round does.
    static func latency(_ milliseconds: Double?, _ wording: Wording = .posix) -> String {
        guard let milliseconds else { return absent }
        return LatencyText.format(milliseconds, oneDecimalBelow: 99.95, wording)
    }

    /// "−58 dBm", with a true minus sign; the locale's own minus in a named locale.
    static func dBm(_ value: Int?, _ wording: Wording = .posix) -> String {
        guard let value else { return absent }
        guard isFixed(wording) else { return wording(.decibelMilliwatts, ["value": wording.integer(value)]) }
        return value < 0 ? "−\(-value) dBm" : "\(value) dBm"
    }

    /// "72 %"; as the locale writes a share in a named one ("72 %", "72%", "٧٢٪").
    static func percent(_ value: Int?, _ wording: Wording = .posix) -> String {
        guard let value else { return absent }
        guard isFixed(wording) else { return wording.percent(Double(value), fractionDigits: 0) }
        return "\(value) %"
    }

    /// "99.8%", as the tiles show it; empty without a figure, so the element stays hidden.
    static func uptime(_ value: Double?, _ wording: Wording = .posix) -> String {
        value.map { UptimeText.format($0, wording) } ?? ""
    }

    static func number(_ value: Int?, _ wording: Wording = .posix) -> String {
        guard let value else { return absent }
        return count(value, wording)
    }

    /// An integer with thousands separated by commas: "10,000"; the locale's digits and
    /// grouping in a named locale ("10.000").
    static func count(_ value: Int, _ wording: Wording = .posix) -> String {
        guard isFixed(wording) else { return wording.integer(value) }
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// "10:42 UTC": the POSIX pages tell UTC; a named locale the clock time in `timeZone`
    /// ("10:42", "10:42 AM"). The page's script shows the reader's local time.
    static func clock(_ date: Date?, _ wording: Wording = .posix, _ timeZone: TimeZone = .gmt) -> String {
        guard let date else { return absent }
        guard isFixed(wording) else { return wording.clockTime(date, timeZone) }
        let text = RFC3339.format(date)
        let start = text.index(text.startIndex, offsetBy: 11)
        return text[start..<text.index(start, offsetBy: 5)] + " UTC"
    }

    /// The RFC 3339 form for `datetime` attributes and the script.
    static func timestamp(_ date: Date) -> String {
        RFC3339.format(date)
    }

    /// The RFC 3339 form, or nil for an absent time: templates then leave the `datetime`
    /// attribute out (an empty one is invalid HTML).
    static func timestamp(_ date: Date?) -> String? {
        date.map(RFC3339.format)
    }

    /// "2 h 42 min", "5 min", "3 d 4 h", "under 1 min"; a named locale's words for the
    /// largest two units ("2 Std. 42 Min.", "3 Tage 4 Std.").
    static func duration(_ seconds: Double?, _ wording: Wording = .posix) -> String {
        guard let seconds else { return absent }
        let minutes = Int(seconds / 60)
        if minutes < 1 { return wording(PagePhrase.underAMinute) }
        guard isFixed(wording) else { return IncidentsPageContext.duration(Double(minutes * 60), wording) }
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours) h \(minutes % 60) min" }
        return "\(hours / 24) d \(hours % 24) h"
    }

    /// A raw enum value as a word: "online" → "Online", "iot" → "IoT" (`PageWords` has them in
    /// other languages).
    static func word(_ raw: String) -> String {
        switch raw {
        case "iot": return "IoT"
        case "tv": return "TV"
        case "wifi": return "Wi-Fi"
        case "icmp", "tcp", "http", "https", "dns": return raw.uppercased()
        default: return raw.prefix(1).uppercased() + raw.dropFirst()
        }
    }

    /// The present parts as a list in the language's way ("Zurich, CH", "زيورخ، CH").
    static func joined(_ parts: [String?], _ wording: Wording) -> String {
        let present = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return present.isEmpty ? absent : wording.list(present)
    }

    /// "and 9,800 more", or "" when nothing is left out.
    static func more(_ count: Int, _ wording: Wording = .posix) -> String {
        guard count > 0 else { return "" }
        guard isFixed(wording) else { return wording(PageCountPhrase.andMore, count: count) }
        return "and \(PageFormat.count(count)) more"
    }

    /// True in the POSIX locale, whose pages keep netsnap's fixed English forms.
    static func isFixed(_ wording: Wording) -> Bool { wording.formatLocaleTag == nil }
}
