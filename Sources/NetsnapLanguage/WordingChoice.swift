/// A `locale` and `clock` as a config names them, checked once for every place that takes
/// them (the top level, a TRMNL panel): the key at fault and what was expected.
public struct WordingChoiceError: Error, Equatable {
    /// `locale` or `clock`.
    public var key: String
    public var message: String
}

extension Wording {
    /// The language `locale` and `clock` name; nil when neither is given (the caller's default).
    public static func choose(locale: String?, clock: String?) throws(WordingChoiceError) -> Wording? {
        guard locale != nil || clock != nil else { return nil }
        guard let style = ClockStyle(rawValue: clock ?? ClockStyle.locale.rawValue) else {
            throw WordingChoiceError(key: "clock", message: "expected 24h, 12h or locale, found \"\(clock ?? "")\"")
        }
        guard let wording = Wording(locale: locale ?? "C", clock: style) else {
            throw WordingChoiceError(key: "locale", message: "expected a locale such as de-DE, fr-CA or ja-JP, found \"\(locale ?? "")\"")
        }
        return wording
    }
}
