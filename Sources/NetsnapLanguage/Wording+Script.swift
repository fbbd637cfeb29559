import Foundation

/// What a browser script needs to word a page as the server does while the page stays open:
/// the messages with their placeholders left in, every plural form, which form a count takes,
/// and the locale its `Intl` formatters use. Also the month names the incidents page heads
/// its months with.
extension Wording {
    /// The locale a browser's `Intl` formats numbers and dates in ("de-DE"; "en-GB" for the
    /// pseudo-locale, whose numbers are British); nil in the POSIX locale, whose forms are fixed.
    public var formatLocaleTag: String? {
        guard formatLocale != nil else { return nil }
        return isPseudo ? "en-GB" : identifier
    }

    /// Every form of `phrase`, in the order `pluralForm(_:)` numbers them, placeholders as
    /// they are.
    public func forms(_ phrase: some CountedMessageText) -> [String] {
        let key = catalogueKey(phrase.rawValue)
        if let forms = catalogue?.forms(of: key) { return forms }
        return [key.id, phrase.plural].map { isPseudo ? PseudoLocale.stretch($0) : $0 }
    }

    /// Which of a counted phrase's forms `count` takes, by the language's plural rule (past
    /// the last form a catalogue gives, its last).
    public func pluralForm(_ count: Int) -> Int {
        guard let catalogue else { return count == 1 ? 0 : 1 }
        return catalogue.pluralRule.form(for: count)
    }

    /// The month and year ("November 2026", "November 2026" in de-DE, "2026年11月").
    public func monthAndYear(_ date: Date, _ timeZone: TimeZone) -> String {
        guard let formatLocale else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.year, .month], from: date)
            return "\(Self.posixMonthNames[max(0, min(11, (parts.month ?? 1) - 1))]) \(parts.year ?? 1970)"
        }
        var style = Date.FormatStyle(locale: formatLocale, timeZone: timeZone).month(.wide).year()
        style.calendar = Calendar(identifier: .gregorian)
        return date.formatted(style)
    }

    private static let posixMonthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
}
