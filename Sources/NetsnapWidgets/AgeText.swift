import Foundation
import NetsnapLanguage

/// Ages and dates as a person reads them at a glance: "Stale · 8 min", "Stale · 3 h",
/// "Stale · 2 days — since 21 Nov 10:42". From a day on the date is always given, because
/// "2 days" alone does not say which. In the POSIX locale (the default) the words are
/// English and the calendar fixed, so the same inputs give the same text on every host
/// (pages' script holds the same rules); a named locale gives its own words and patterns.
public enum AgeText {
    /// "45 s", "8 min", "3 h", "1 day", "12 days": the largest whole unit, rounded down.
    public static func age(_ seconds: Double, _ wording: Wording = .posix) -> String {
        wording.age(seconds)
    }

    /// What a surface says of `freshness` for a snapshot taken at `snapshotAt`; nil while fresh.
    public static func label(_ freshness: Freshness, snapshotAt: Date, timeZone: TimeZone, _ wording: Wording = .posix) -> String? {
        labels(freshness, snapshotAt: snapshotAt, timeZone: timeZone, wording).first
    }

    /// The label and shorter forms of it, longest first, for surfaces too narrow for the
    /// whole: a day or more old, the date stays longest ("Stale since 21 Nov 10:42",
    /// "Stale · 21 Nov"). Empty while fresh.
    public static func labels(_ freshness: Freshness, snapshotAt: Date, timeZone: TimeZone, _ wording: Wording = .posix) -> [String] {
        let seconds: Double
        let phrases: [Phrase]
        switch freshness {
        case .fresh: return []
        case .stale(let age):
            seconds = age
            phrases = [.staleForAge, .staleForAgeSince, .staleSince, .staleOnDay]
        case .clockAhead(let ahead):
            seconds = ahead
            phrases = [.clockAheadByAge, .clockAheadByAgeDated, .clockAheadDated, .clockAheadOnDay]
        }
        let age = wording.age(seconds)
        let short = wording(phrases[0], ["age": age])
        guard seconds >= 86_400 else { return [short] }
        let date = wording.dayAndClock(snapshotAt, timeZone)
        return [
            wording(phrases[1], ["age": age, "date": date]), wording(phrases[2], ["date": date]),
            wording(phrases[3], ["day": wording.day(snapshotAt, timeZone)]),
        ]
    }

    /// "10:42" in `timeZone`.
    public static func clock(_ date: Date, _ timeZone: TimeZone, _ wording: Wording = .posix) -> String {
        wording.clockTime(date, timeZone)
    }

    /// "21 Nov 10:42" in `timeZone`.
    public static func dayAndClock(_ date: Date, _ timeZone: TimeZone, _ wording: Wording = .posix) -> String {
        wording.dayAndClock(date, timeZone)
    }
}
