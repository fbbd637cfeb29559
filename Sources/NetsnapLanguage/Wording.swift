import Foundation

/// Everything a surface needs to speak one household's language: the translated words (from
/// the shipped catalogue closest to the locale), plural forms by the language's own rule,
/// numbers, dates and clock times in the locale's patterns, and the writing direction.
///
/// The POSIX locale (`C`, an unset `LANG`) keeps netsnap's fixed English forms — "17:05",
/// "21 Nov 17:05", "4.2 ms" — so output does not change with the host; any named locale,
/// English ones included, uses its CLDR patterns. Values only: it reads no clock and no
/// environment, so renderers stay pure.
public struct Wording: Sendable, Hashable {
    /// The BCP 47 tag asked for, e.g. `de-DE`; `C` for the POSIX locale.
    public let identifier: String
    /// How clock times read.
    public let clock: ClockStyle
    /// The catalogue chosen, e.g. `pt_BR`; `en` where the words are the source's own.
    public let catalogueName: String
    /// Foundation's locale for numbers and dates; nil in the POSIX locale (fixed forms).
    let formatLocale: Locale?
    /// The locale's number symbols and clock patterns, for a shipped locale: formats without
    /// ICU's formatters. Nil: ICU formats (or the POSIX locale's fixed forms). A `var` so
    /// tests can compare the table's text with ICU's.
    var formats: LocaleFormats?
    let catalogue: MessageCatalogue?
    /// True for the pseudo-locale `en-XA`: every message accented and about 40 % longer.
    let isPseudo: Bool

    /// The POSIX locale: English words and fixed forms.
    public static let posix = Wording(identifier: "C", clock: .twentyFourHour, catalogue: nil, formatLocale: nil, isPseudo: false)

    /// The language for `identifier` (BCP 47 or POSIX `de_DE.UTF-8`); nil when it names no
    /// language netsnap can use. Languages without a catalogue fall back to English words
    /// but keep their own number and date patterns.
    public init?(locale identifier: String, clock: ClockStyle = .locale) {
        guard let tag = LocaleTag(identifier) else { return nil }
        guard !tag.isPOSIX else {
            self.init(
                identifier: "C", clock: clock == .locale ? .twentyFourHour : clock, catalogue: nil, formatLocale: nil, isPseudo: false)
            return
        }
        let isPseudo = tag.bcp47 == PseudoLocale.identifier
        let shipped = isPseudo ? nil : ShippedCatalogues.closest(to: tag)
        self.init(
            identifier: tag.bcp47, clock: clock, catalogue: shipped, formatLocale: Self.formatLocale(isPseudo ? "en-GB" : tag.bcp47, clock),
            isPseudo: isPseudo)
    }

    private init(
        identifier: String, clock: ClockStyle, catalogue: (name: String, catalogue: MessageCatalogue)?, formatLocale: Locale?,
        isPseudo: Bool
    ) {
        self.identifier = identifier
        self.clock = clock
        catalogueName = catalogue?.name ?? "en"
        self.catalogue = catalogue?.catalogue
        self.formatLocale = formatLocale
        self.isPseudo = isPseudo
        formats = formatLocale == nil ? nil : LocaleFormats.shipped[isPseudo ? "en-GB" : identifier]
    }

    /// The language of the words as an HTML `lang`, JSON Feed `language` or `xml:lang`
    /// (`de-DE`; `en` for the POSIX locale and where no catalogue speaks the locale's
    /// language, as `sv-SE`, whose words are English in Swedish formats).
    public var languageTag: String {
        identifier == "C" || (!hasOwnWords && !identifier.hasPrefix("en")) ? "en" : identifier
    }

    /// True for Arabic and Hebrew: pages run right to left and tiles are mirrored. Not for a
    /// right-to-left language without a catalogue (`fa-IR`): its words are English.
    public var isRightToLeft: Bool {
        guard hasOwnWords, let formatLocale else { return false }
        return formatLocale.language.characterDirection == .rightToLeft
    }

    /// Whether the words are the locale's language's own: a catalogue's, not the English
    /// source's (the pseudo-locale's are English made longer).
    private var hasOwnWords: Bool { catalogue != nil && !isPseudo }

    /// What joins two facts on one line: " · ", or the language's own ("، " in Arabic).
    public var separator: String { self(.separator) }

    /// `text` that reads left to right whatever surrounds it (a path, a program's own English),
    /// isolated (LRI … PDI) in a right-to-left language, where the bidi algorithm would move
    /// its slashes and brackets ("tmp/ro-/state"); as it is in every other.
    public func leftToRight(_ text: String) -> String { isRightToLeft ? "\u{2066}" + text + "\u{2069}" : text }

    /// The items of a list on one line, joined the language's way ("loss, jitter", "損失、ジッター").
    public func list(_ items: [String]) -> String { items.joined(separator: self(.listSeparator)) }

    /// Maintenance windows' notes, joined as sentences: "firmware update; new disks".
    public func notes(_ notes: [String]) -> String { notes.joined(separator: self(.noteSeparator)) }

    /// A name with what tells it apart in brackets: "NAS (192.168.1.10, icmp)", "NAS（icmp）".
    public func named(_ name: String, _ detail: String, _ more: String...) -> String {
        self(.withDetail, ["name": name, "detail": list([detail] + more)])
    }

    /// True where the words need a CJK font (Japanese, Chinese, Korean).
    public var needsCJKFont: Bool {
        ["ja", "zh", "ko"].contains(formatLocale?.language.languageCode?.identifier ?? "")
    }

    public static func == (left: Wording, right: Wording) -> Bool {
        left.identifier == right.identifier && left.clock == right.clock
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(clock)
    }

    static func formatLocale(_ tag: String, _ clock: ClockStyle) -> Locale {
        var components = Locale.Components(locale: Locale(identifier: tag))
        switch clock {
        case .twentyFourHour: components.hourCycle = .zeroToTwentyThree
        case .twelveHour: components.hourCycle = .oneToTwelve
        case .locale: break
        }
        return Locale(components: components)
    }
}
