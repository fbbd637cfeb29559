import NetsnapJSON
import NetsnapLanguage

/// The words and formats the pages' scripts (`live.js`, `netsnap.js`, `sites.js`) write
/// with while a page stays open, as JSON in `<html data-words>`: an attribute, since the
/// pages' policy runs no inline script. Messages keep their `{name}` placeholders; counted
/// ones carry every form and `plural`, the form index for each count below 200 (a gettext
/// rule depends on no more than `n % 100` past that); `locale` and `hourCycle` set the
/// browser's `Intl` formatters. The POSIX locale writes none: the scripts' own English and
/// fixed forms are its words.
enum ScriptWords {
    /// The messages a script composes, by case name.
    static let messages: [any MessageText] = [
        Phrase.staleForAge, Phrase.staleForAgeSince, Phrase.staleSince, Phrase.staleOnDay, Phrase.clockAheadByAge,
        Phrase.clockAheadByAgeDated, Phrase.clockAheadDated, Phrase.clockAheadOnDay, Phrase.maintenanceOfEverything,
        Phrase.maintenanceOf, Phrase.milliseconds, Phrase.decibelMilliwatts, Phrase.megabitsPerSecond, Phrase.gigabitsPerSecond,
        Phrase.loss, Phrase.jitter, Phrase.wifi, Phrase.ethernet, Phrase.cellular, Phrase.noNetwork, Phrase.siteOnline,
        Phrase.siteDegraded, Phrase.siteOffline, Phrase.siteStale, Phrase.siteUnknown, Phrase.siteLost, Phrase.siteInvalid,
        PagePhrase.signalBars, PagePhrase.noSignalReading, PagePhrase.sparklineCaption, PagePhrase.underAMinute,
        PagePhrase.copied, PagePhrase.selectedPressToCopy, PagePhrase.ageAgo, PagePhrase.noSnapshot, PagePhrase.siteCounts,
        PagePhrase.wallUpdated,
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
            ("plural", .string((0..<pluralTableSize).map { String(wording.pluralForm($0)) }.joined())),
            ("say", .object(messages.map { ("\($0)", .string(wording($0))) })),
            ("count", .object(countedMessages.map { ("\($0)", .array(wording.forms($0).map(JSONValue.string))) })),
            ("words", .object(PageWords.rawValues.map { ($0, .string(PageWords.word($0, wording))) })),
        ])
        return String(decoding: JSONWriter.bytes(value, pretty: false), as: UTF8.self)
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
