import Foundation

/// Ages and dates as a person reads them at a glance: "Stale · 8 min", "Stale · 3 h",
/// "Stale · 2 days — since 21 Nov 10:42". From a day on the date is always given, because
/// "2 days" alone does not say which. Fixed English words and a fixed calendar, so the
/// same inputs give the same text on every host (pages' script holds the same rules).
public enum AgeText {
    /// "45 s", "8 min", "3 h", "1 day", "12 days": the largest whole unit, rounded down.
    public static func age(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 1e12)) : 0
        if whole < 60 { return "\(whole) s" }
        if whole < 3_600 { return "\(whole / 60) min" }
        if whole < 86_400 { return "\(whole / 3_600) h" }
        let days = whole / 86_400
        return days == 1 ? "1 day" : "\(days) days"
    }

    /// What a surface says of `freshness` for a snapshot taken at `snapshotAt`; nil while fresh.
    public static func label(_ freshness: Freshness, snapshotAt: Date, timeZone: TimeZone) -> String? {
        labels(freshness, snapshotAt: snapshotAt, timeZone: timeZone).first
    }

    /// The label and shorter forms of it, longest first, for surfaces too narrow for the
    /// whole: a day or more old, the date stays longest ("Stale since 21 Nov 10:42",
    /// "Stale · 21 Nov"). Empty while fresh.
    public static func labels(_ freshness: Freshness, snapshotAt: Date, timeZone: TimeZone) -> [String] {
        let (word, seconds, relation): (String, Double, String)
        switch freshness {
        case .fresh: return []
        case .stale(let age): (word, seconds, relation) = ("Stale", age, "since")
        case .clockAhead(let ahead): (word, seconds, relation) = ("Clock ahead", ahead, "dated")
        }
        let short = word + " \u{00B7} " + age(seconds)
        guard seconds >= 86_400 else { return [short] }
        let day = dayAndClock(snapshotAt, timeZone)
        return [
            short + " \u{2014} \(relation) " + day, "\(word) \(relation) " + day,
            word + " \u{00B7} " + day.prefix(upTo: day.lastIndex(of: " ")!),
        ]
    }

    /// "10:42" in `timeZone`.
    public static func clock(_ date: Date, _ timeZone: TimeZone) -> String {
        let parts = components(date, timeZone)
        return twoDigits(parts.hour ?? 0) + ":" + twoDigits(parts.minute ?? 0)
    }

    /// "21 Nov 10:42" in `timeZone`.
    public static func dayAndClock(_ date: Date, _ timeZone: TimeZone) -> String {
        let parts = components(date, timeZone)
        let month = monthNames[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 1) \(month) " + clock(date, timeZone)
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func components(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.month, .day, .hour, .minute], from: date)
    }

    private static func twoDigits(_ value: Int) -> String { (value < 10 ? "0" : "") + "\(value)" }
}
