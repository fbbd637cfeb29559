/// A locale's short time pattern for each clock style that has one of its own letters (a
/// style whose pattern ICU keeps, as German's 12-hour "h:mm B", has none). Written as a
/// dictionary literal in the table, but three fields: a `[ClockStyle: ClockPattern]` per
/// entry made the runtime look up `ClockStyle`'s conformance to `Hashable` in every process
/// that formats a clock (0.7 M instructions).
struct ClockPatterns: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var twentyFourHour: ClockPattern?
    private var twelveHour: ClockPattern?
    private var locale: ClockPattern?

    init(dictionaryLiteral elements: (ClockStyle, ClockPattern)...) {
        for (style, pattern) in elements { self[style] = pattern }
    }

    subscript(style: ClockStyle) -> ClockPattern? {
        get {
            switch style {
            case .twentyFourHour: twentyFourHour
            case .twelveHour: twelveHour
            case .locale: locale
            }
        }
        set {
            switch style {
            case .twentyFourHour: twentyFourHour = newValue
            case .twelveHour: twelveHour = newValue
            case .locale: locale = newValue
            }
        }
    }
}
