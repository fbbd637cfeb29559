import Foundation

extension Wording {
    /// A whole number in the locale's digits and grouping ("100.000" in de-DE, "١٠٠٬٠٠٠" in
    /// ar-EG); plain digits in the POSIX locale.
    public func integer(_ value: Int) -> String {
        guard let formatLocale else { return "\(value)" }
        if let formats { return formats.integer(value) }
        return value.formatted(.number.locale(formatLocale))
    }

    /// `value` with exactly `fractionDigits` decimals, halves rounded away from zero
    /// ("4,2" in de-DE).
    public func decimal(_ value: Double, fractionDigits: Int) -> String {
        guard let formatLocale else { return Self.posixDecimal(value, fractionDigits) }
        if let text = formats?.decimal(value, fractionDigits: fractionDigits) { return text }
        return value.formatted(
            .number.locale(formatLocale).precision(.fractionLength(fractionDigits)).rounded(rule: .toNearestOrAwayFromZero))
    }

    /// `value` with one decimal, or none when it is whole after rounding ("20 %", "2,5 %").
    public func trimmedDecimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.toNearestOrAwayFromZero)
        return decimal(tenths / 10, fractionDigits: tenths.truncatingRemainder(dividingBy: 10) == 0 ? 0 : 1)
    }

    /// A percentage of 0–100 with `fractionDigits` decimals in the locale's way ("99,9 %",
    /// "٩٩٫٩٪"); "99.9%" in the POSIX locale.
    public func percent(_ value: Double, fractionDigits: Int) -> String {
        guard let formatLocale else { return Self.posixDecimal(value, fractionDigits) + "%" }
        if let text = formats?.percent(value, fractionDigits: fractionDigits) { return text }
        return (value / 100).formatted(
            .percent.locale(formatLocale).precision(.fractionLength(fractionDigits)).rounded(rule: .toNearestOrAwayFromZero))
    }

    /// The clock time of `date` in `timeZone`: "17:05", "5:05 PM", "午後5:05".
    public func clockTime(_ date: Date, _ timeZone: TimeZone) -> String {
        guard let formatLocale else { return Self.posixClock(date, timeZone) }
        if let text = formats?.clockTime(date, timeZone, clock: clock) { return text }
        return ClockFormatters.clockTime(date, locale: formatLocale, timeZone: timeZone)
    }

    /// The day and month: "21 Nov", "21. Nov.", "11月21日".
    public func day(_ date: Date, _ timeZone: TimeZone) -> String {
        guard let formatLocale else {
            let parts = Self.components(date, timeZone)
            return "\(parts.day ?? 1) " + Self.posixMonths[max(0, min(11, (parts.month ?? 1) - 1))]
        }
        return date.formatted(Date.FormatStyle(locale: formatLocale, timeZone: timeZone).day().month(.abbreviated))
    }

    /// The day, month and clock time: "21 Nov 17:05", "21. Nov., 17:05".
    public func dayAndClock(_ date: Date, _ timeZone: TimeZone) -> String {
        guard let formatLocale else { return day(date, timeZone) + " " + Self.posixClock(date, timeZone) }
        var style = Date.FormatStyle(locale: formatLocale, timeZone: timeZone).day().month(.abbreviated).hour().minute()
        style.calendar = Calendar(identifier: .gregorian)
        return date.formatted(style)
    }

    /// An age in its largest whole unit, rounded down: "45 s", "8 min", "3 h", "2 days" in
    /// English, each language's own words and plural forms in others.
    public func age(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 1e12)) : 0
        if whole < 60 { return self(CountPhrase.seconds, count: whole) }
        if whole < 3_600 { return self(CountPhrase.minutes, count: whole / 60) }
        if whole < 86_400 { return self(CountPhrase.hours, count: whole / 3_600) }
        return self(CountPhrase.days, count: whole / 86_400)
    }

    private static let posixMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func posixClock(_ date: Date, _ timeZone: TimeZone) -> String {
        let parts = components(date, timeZone)
        return twoDigits(parts.hour ?? 0) + ":" + twoDigits(parts.minute ?? 0)
    }

    private static func posixDecimal(_ value: Double, _ fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return "\(Int(value.rounded(.toNearestOrAwayFromZero)))" }
        let scale = Double([1, 10, 100, 1000][min(fractionDigits, 3)])
        let scaled = Int((value * scale).rounded(.toNearestOrAwayFromZero))
        let fraction = String(scaled.magnitude % UInt(scale))
        let padded = String(repeating: "0", count: max(0, min(fractionDigits, 3) - fraction.count)) + fraction
        return (scaled < 0 ? "-" : "") + "\(scaled.magnitude / UInt(scale))." + padded
    }

    private static func components(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.month, .day, .hour, .minute], from: date)
    }

    private static func twoDigits(_ value: Int) -> String { (value < 10 ? "0" : "") + "\(value)" }
}
