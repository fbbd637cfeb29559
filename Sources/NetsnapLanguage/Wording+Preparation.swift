import Foundation

extension Wording {
    /// Reads `locale`'s catalogue and, for a locale outside `LocaleFormats.shipped`, opens
    /// ICU's number and date formatting for it, saying nothing: run on another thread while a
    /// command parses its arguments, it takes the first use's cost off the drawing. Both are
    /// cached process-wide, so the drawing finds them ready; a locale the configuration later
    /// replaces costs only that thread's time.
    public static func prepare(locale: String) {
        guard let wording = Wording(locale: locale), wording.formatLocale != nil else { return }
        let now = Date()
        _ = wording.clockTime(now, .current)
        _ = wording.integer(1_000)
        _ = wording.decimal(4.2, fractionDigits: 1)
        _ = wording.percent(99.9, fractionDigits: 1)
        _ = wording(CountPhrase.minutes, count: 3)
    }

    /// A few words in the script `locale`'s language is written in, for loading its fonts
    /// ahead (`DrawingPreload`); empty for scripts the main font has (Latin).
    public static func scriptSample(locale: String) -> String {
        guard let tag = LocaleTag(locale) else { return "" }
        return ["ja": "更新時刻 オンライン", "ar": "تحديث متصل", "he": "עדכון מחובר"][tag.language] ?? ""
    }
}
