extension LocaleFormats {
    /// By the BCP 47 tag `Wording` keeps: the shipped catalogues' languages, alone and with
    /// the region each is most written in.
    static let shipped = [String: LocaleFormats](
        uniqueKeysWithValues: tagged.flatMap { entry in entry.tags.map { ($0, entry.formats) } })

    /// Each entry once, with every tag ICU gives the same formats (`de` and `de-DE`). Made by
    /// `LocaleFormatsTests`, which prints an entry afresh whenever ICU's differs.
    private static let tagged: [(tags: [String], formats: LocaleFormats)] = [
        (
            ["en", "en-US"],
            .init(
                digits: "0123456789", decimal: ".", group: ",",
                minimumGrouping: 1, minus: "-", percentPrefix: "",
                percentSuffix: "%",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                    .twelveHour: .init(pattern: "h:mm\u{202F}a", am: "AM", pm: "PM"),
                    .locale: .init(pattern: "h:mm\u{202F}a", am: "AM", pm: "PM"),
                ])
        ),
        (
            ["en-GB"],
            .init(
                digits: "0123456789", decimal: ".", group: ",",
                minimumGrouping: 1, minus: "-", percentPrefix: "",
                percentSuffix: "%",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "am", pm: "pm"),
                    .twelveHour: .init(pattern: "h:mm\u{202F}a", am: "am", pm: "pm"), .locale: .init(pattern: "HH:mm", am: "am", pm: "pm"),
                ])
        ),
        (
            ["de", "de-DE"],
            .init(
                digits: "0123456789", decimal: ",", group: ".",
                minimumGrouping: 1, minus: "-", percentPrefix: "",
                percentSuffix: "\u{A0}%",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "AM", pm: "PM"), .locale: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                ])
        ),
        (
            ["fr", "fr-FR"],
            .init(
                digits: "0123456789", decimal: ",", group: "\u{202F}",
                minimumGrouping: 1, minus: "-", percentPrefix: "",
                percentSuffix: "\u{A0}%",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "AM", pm: "PM"), .locale: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                ])
        ),
        (
            ["es", "es-ES"],
            .init(
                digits: "0123456789", decimal: ",", group: ".",
                minimumGrouping: 2, minus: "-", percentPrefix: "",
                percentSuffix: "\u{A0}%",
                clocks: [
                    .twentyFourHour: .init(pattern: "H:mm", am: "a.\u{202F}m.", pm: "p.\u{202F}m."),
                    .twelveHour: .init(pattern: "h:mm\u{202F}a", am: "a.\u{202F}m.", pm: "p.\u{202F}m."),
                    .locale: .init(pattern: "H:mm", am: "a.\u{202F}m.", pm: "p.\u{202F}m."),
                ])
        ),
        (
            ["it", "it-IT"],
            .init(
                digits: "0123456789", decimal: ",", group: ".",
                minimumGrouping: 2, minus: "-", percentPrefix: "",
                percentSuffix: "%",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                    .twelveHour: .init(pattern: "h:mm\u{202F}a", am: "AM", pm: "PM"), .locale: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                ])
        ),
        (
            ["nl", "nl-NL", "pt", "pt-BR"],
            .init(
                digits: "0123456789", decimal: ",", group: ".",
                minimumGrouping: 1, minus: "-", percentPrefix: "",
                percentSuffix: "%",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "AM", pm: "PM"), .locale: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                ])
        ),
        (
            ["pl", "pl-PL"],
            .init(
                digits: "0123456789", decimal: ",", group: "\u{A0}",
                minimumGrouping: 2, minus: "-", percentPrefix: "",
                percentSuffix: "%",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                    .twelveHour: .init(pattern: "h:mm\u{202F}a", am: "AM", pm: "PM"), .locale: .init(pattern: "HH:mm", am: "AM", pm: "PM"),
                ])
        ),
        (
            ["ja", "ja-JP"],
            .init(
                digits: "0123456789", decimal: ".", group: ",",
                minimumGrouping: 1, minus: "-", percentPrefix: "",
                percentSuffix: "%",
                clocks: [
                    .twentyFourHour: .init(pattern: "H:mm", am: "午前", pm: "午後"), .twelveHour: .init(pattern: "ah:mm", am: "午前", pm: "午後"),
                    .locale: .init(pattern: "H:mm", am: "午前", pm: "午後"),
                ])
        ),
        (
            ["ar"],
            .init(
                digits: "0123456789", decimal: ".", group: ",",
                minimumGrouping: 1, minus: "\u{200E}-", percentPrefix: "",
                percentSuffix: "\u{200E}%\u{200E}",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "ص", pm: "م"),
                    .twelveHour: .init(pattern: "h:mm\u{A0}a", am: "ص", pm: "م"),
                    .locale: .init(pattern: "h:mm\u{A0}a", am: "ص", pm: "م"),
                ])
        ),
        (
            ["ar-EG"],
            .init(
                digits: "٠١٢٣٤٥٦٧٨٩", decimal: "٫", group: "٬",
                minimumGrouping: 1, minus: "\u{61C}-", percentPrefix: "",
                percentSuffix: "٪\u{61C}",
                clocks: [
                    .twentyFourHour: .init(pattern: "HH:mm", am: "ص", pm: "م"),
                    .twelveHour: .init(pattern: "h:mm\u{A0}a", am: "ص", pm: "م"),
                    .locale: .init(pattern: "h:mm\u{A0}a", am: "ص", pm: "م"),
                ])
        ),
        (
            ["he", "he-IL"],
            .init(
                digits: "0123456789", decimal: ".", group: ",",
                minimumGrouping: 1, minus: "\u{200E}-", percentPrefix: "",
                percentSuffix: "%",
                clocks: [
                    .twentyFourHour: .init(pattern: "H:mm", am: "לפ׳", pm: "אח׳"), .locale: .init(pattern: "H:mm", am: "לפ׳", pm: "אח׳"),
                ])
        ),
    ]
}
