import Foundation
import NetsnapJSON
import NetsnapLanguage

/// The words and formats the pages' scripts (`live.js`, `netsnap.js`, `sites.js`) write
/// with while a page stays open, as JSON in `<meta name="netsnap-words">`: not a script, which
/// the pages' policy would not run, and after `<meta charset>`, which must stay in a page's
/// first 1024 bytes. Messages keep their `{name}` placeholders; counted
/// ones carry every form and `plural`, the form index for each count below 200 (a gettext
/// rule depends on no more than `n % 100` past that); `locale` and `hourCycle` set the
/// browser's `Intl` formatters, `clock` how the server writes a clock time (`ScriptClock`)
/// and `dayAndClock` how a day and a clock time join ("{day}, {time}", "{day} at {time}");
/// `reasons` each English form of why a target is down (`ReasonPhrase`) with its translation. The POSIX locale writes none: the scripts' own English and
/// fixed forms are its words.
enum ScriptWords {
    /// The messages a script composes, by case name.
    static let messages: [any MessageText] = [
        Phrase.staleForAge, Phrase.staleForAgeSince, Phrase.staleSince, Phrase.staleOnDay, Phrase.clockAheadByAge,
        Phrase.clockAheadByAgeDated, Phrase.clockAheadDated, Phrase.clockAheadOnDay, Phrase.maintenanceOfEverything,
        Phrase.maintenanceOf, Phrase.maintenanceWithNotes, Phrase.noteSeparator, Phrase.milliseconds, Phrase.decibelMilliwatts,
        Phrase.megabitsPerSecond, Phrase.gigabitsPerSecond, Phrase.loss, Phrase.jitter, Phrase.wifi, Phrase.ethernet,
        Phrase.cellular, Phrase.noNetwork, Phrase.siteOnline, Phrase.siteDegraded, Phrase.siteOffline, Phrase.siteStale,
        Phrase.siteUnknown, Phrase.siteLost, Phrase.siteInvalid,
        PagePhrase.signalBars, PagePhrase.noSignalReading, PagePhrase.sparklineCaption, PagePhrase.underAMinute,
        PagePhrase.copied, PagePhrase.selectedPressToCopy, PagePhrase.ageAgo, PagePhrase.noSnapshot, PagePhrase.siteCounts,
        PagePhrase.wallUpdated, Phrase.separator, Phrase.listSeparator,
    ]

    /// The counted messages a script composes, by case name.
    static let countedMessages: [any CountedMessageText] = [
        CountPhrase.seconds, CountPhrase.minutes, CountPhrase.hours, CountPhrase.days, CountPhrase.sitesOK,
        PageCountPhrase.andMore, PageCountPhrase.sparklineLabel,
    ]

    /// Counts whose form `plural` gives; the scripts map a larger count into the last hundred.
    static let pluralTableSize = 200

    /// The JSON for `wording`; nil in the POSIX locale.
    static func json(_ wording: Wording) -> String? {
        guard let locale = wording.formatLocaleTag else { return nil }
        let value = JSONValue.object([
            ("locale", .string(locale)),
            ("hourCycle", hourCycle(wording.clock).map(JSONValue.string) ?? .null),
            ("clock", ScriptClock.json(wording) ?? .null),
            ("dayAndClock", dayAndClock(wording).map(JSONValue.string) ?? .null),
            ("plural", .string((0..<pluralTableSize).map { String(wording.pluralForm($0)) }.joined())),
            ("say", .object(messages.map { ("\($0)", .string(wording($0))) })),
            ("count", .object(countedMessages.map { ("\($0)", .array(wording.forms($0).map(JSONValue.string))) })),
            ("words", .object(PageWords.rawValues.map { ($0, .string(PageWords.word($0, wording))) })),
            ("reasons", .object(ReasonPhrase.allCases.map { ($0.rawValue, .string(wording($0))) })),
        ])
        return String(decoding: JSONWriter.bytes(value, pretty: false), as: UTF8.self)
    }

    /// How `wording.dayAndClock` joins the day and the clock time, as a pattern: browsers'
    /// `Intl` words the day and the time alike but joins them by an older rule ("21 Nov,
    /// 10:42" where Foundation says "21 Nov at 10:42"). Nil where the parts cannot be found.
    static func dayAndClock(_ wording: Wording) -> String? {
        // 3 February 2001, 16:05 UTC: no digit of the day shared with the time.
        let sample = Date(timeIntervalSince1970: 981_216_300)
        let (whole, day, time) = (wording.dayAndClock(sample, .gmt), wording.day(sample, .gmt), wording.clockTime(sample, .gmt))
        guard let dayRange = whole.range(of: day), let timeRange = whole.range(of: time, range: dayRange.upperBound..<whole.endIndex)
        else { return nil }
        return "{day}" + whole[dayRange.upperBound..<timeRange.lowerBound] + "{time}" + whole[timeRange.upperBound...]
    }

    /// `Intl.DateTimeFormat`'s `hourCycle` for a configured clock; nil keeps the locale's own.
    private static func hourCycle(_ clock: ClockStyle) -> String? {
        switch clock {
        case .twentyFourHour: "h23"
        case .twelveHour: "h12"
        case .locale: nil
        }
    }
}
