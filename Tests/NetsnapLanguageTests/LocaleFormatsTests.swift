import Foundation
import Testing

@testable import NetsnapLanguage

/// The shipped locales' formats are ICU's, taken into a table so a tile needs no ICU
/// formatter: each entry is what ICU says, and writes what ICU writes, for every clock.
@Suite struct LocaleFormatsTests {
    static let tags = [
        "en", "en-US", "en-GB", "de", "de-DE", "fr", "fr-FR", "es", "es-ES", "it", "it-IT", "nl", "nl-NL", "pl", "pl-PL", "pt",
        "pt-BR", "ja", "ja-JP", "ar", "ar-EG", "he", "he-IL",
    ]

    @Test func theTableHoldsTheShippedLocales() {
        #expect(Set(LocaleFormats.shipped.keys) == Set(Self.tags))
        #expect(Wording(locale: "de-AT")?.formats == nil, "another region: ICU formats it")
        #expect(Wording.posix.formats == nil)
    }

    /// The table, not ICU, writes a shipped locale's figures: a changed entry shows in the text.
    @Test func theShippedLocalesAreWrittenFromTheTable() throws {
        var german = try #require(Wording(locale: "de-DE", clock: .twelveHour))
        german.formats?.decimal = "·"
        german.formats?.clocks[.twelveHour] = ClockPattern(pattern: "K.mm a", am: "vorm.", pm: "nachm.")
        #expect(german.decimal(4.25, fractionDigits: 1) == "4·3" && german.percent(99.9, fractionDigits: 1) == "99·9\u{A0}%")
        #expect(german.clockTime(Date(timeIntervalSince1970: 12 * 3_600 + 5 * 60), .gmt) == "0.05 nachm.")
    }

    /// The letters a pattern may hold; quoted text and any other letter are ICU's to write.
    @Test func clockPatterns() {
        let digits = "0123456789"
        #expect(ClockPattern(pattern: "HH:mm", am: "", pm: "").format(hour: 7, minute: 5, digits: digits) == "07:05")
        #expect(ClockPattern(pattern: "h:mm a", am: "AM", pm: "PM").format(hour: 0, minute: 5, digits: digits) == "12:05 AM")
        #expect(ClockPattern(pattern: "aK:mm", am: "午前", pm: "午後").format(hour: 12, minute: 0, digits: digits) == "午後0:00")
        #expect(ClockPattern(pattern: "kk:mm", am: "", pm: "").format(hour: 0, minute: 0, digits: digits) == "24:00")
        #expect(ClockPattern(pattern: "H:mm", am: "", pm: "").format(hour: 9, minute: 41, digits: "٠١٢٣٤٥٦٧٨٩") == "٩:٤١")
        #expect(ClockPattern(pattern: "h:mm B", am: "AM", pm: "PM").format(hour: 15, minute: 0, digits: digits) == nil)
        #expect(ClockPattern(pattern: "H 'h' mm", am: "", pm: "").format(hour: 15, minute: 0, digits: digits) == nil)
    }

    @Test(arguments: tags) func eachEntryIsWhatICUSays(tag: String) throws {
        let measured = try Self.measured(tag)
        #expect(LocaleFormats.shipped[tag] == measured, "ICU says, for LocaleFormats+Shipped.swift:\n\(Self.literal(tag, measured))")
    }

    @Test(arguments: tags) func theTableWritesWhatICUWrites(tag: String) throws {
        for clock in ClockStyle.allCases {
            let table = try #require(Wording(locale: tag, clock: clock))
            var icu = table
            icu.formats = nil
            for value in [0, 7, 42, 999, 1_000, 12_345, 100_000, 1_234_567, -58, -1_000] {
                #expect(table.integer(value) == icu.integer(value), "\(tag) \(value)")
            }
            for value in [
                0, 4.2, 4.35, 0.05, 1.005, 2.5, 1234.5, 99.95, 9.999, -3.25, -0.04, -0.0, 12_345.678, 1e-7, 1e21, .nan, .infinity,
            ] {
                for digits in 0...2 {
                    #expect(table.decimal(value, fractionDigits: digits) == icu.decimal(value, fractionDigits: digits), "\(tag) \(value)")
                }
            }
            for value in [0, 5, 12.345, 99.9, 99.95, 100, 0.05] {
                for digits in 0...2 {
                    #expect(table.percent(value, fractionDigits: digits) == icu.percent(value, fractionDigits: digits), "\(tag) \(value)")
                }
            }
            // Half-hour zones either side of Greenwich, and seconds before 1970 (negative).
            let zones = try ["Europe/Berlin", "Asia/Kolkata", "America/St_Johns"].map { try #require(TimeZone(identifier: $0)) }
            for start in [1_764_460_800, -259_155.5] {
                for hour in 0..<24 {
                    let date = Date(timeIntervalSince1970: start + Double(hour * 3_600 + 7 * 60))
                    for zone in zones {
                        #expect(table.clockTime(date, zone) == icu.clockTime(date, zone), "\(tag) \(clock) \(date) \(zone)")
                    }
                }
            }
        }
    }

    /// The entry for `tag`, read from ICU's own output.
    static func measured(_ tag: String) throws -> LocaleFormats {
        var icu = try #require(Wording(locale: tag))
        icu.formats = nil
        let digits = (0...9).map { icu.integer($0) }.joined()
        let decimal = String(icu.decimal(1.5, fractionDigits: 1).dropFirst().dropLast())
        let grouped = icu.integer(1_234_567)
        let group = String(grouped.dropFirst().prefix { !digits.contains($0) })
        let minus = String(icu.integer(-5).dropLast())
        let percent = icu.percent(7, fractionDigits: 0).split(separator: Array(digits)[7], omittingEmptySubsequences: false)
        var clocks: ClockPatterns = [:]
        for clock in ClockStyle.allCases {
            let formatter = DateFormatter()
            formatter.locale = Wording.formatLocale(tag, clock)
            formatter.dateStyle = .none
            formatter.timeStyle = .short
            // A flexible day period ("nachm.", "abends": `B`) has more words than two: ICU keeps those.
            guard !formatter.dateFormat.contains("B") else { continue }
            clocks[clock] = ClockPattern(pattern: formatter.dateFormat, am: formatter.amSymbol, pm: formatter.pmSymbol)
        }
        return LocaleFormats(
            digits: digits, decimal: decimal, group: group, minimumGrouping: icu.integer(1_000).count > 4 ? 1 : 2, minus: minus,
            percentPrefix: String(percent[0]), percentSuffix: String(percent[1]), clocks: clocks)
    }

    /// `formats` as the table's Swift, invisible characters escaped.
    static func literal(_ tag: String, _ formats: LocaleFormats) -> String {
        func quoted(_ text: String) -> String {
            let invisible: Set<Unicode.GeneralCategory> = [.spaceSeparator, .format, .control]
            let escaped = text.unicodeScalars.map { scalar in
                invisible.contains(scalar.properties.generalCategory)
                    ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            }
            return "\"" + escaped.joined() + "\""
        }
        let clocks = ClockStyle.allCases.compactMap { style -> String? in
            guard let clock = formats.clocks[style] else { return nil }
            return ".\(style): .init(pattern: \(quoted(clock.pattern)), am: \(quoted(clock.am)), pm: \(quoted(clock.pm)))"
        }
        return """
            ([\(quoted(tag))], .init(
                digits: \(quoted(formats.digits)), decimal: \(quoted(formats.decimal)), group: \(quoted(formats.group)),
                minimumGrouping: \(formats.minimumGrouping), minus: \(quoted(formats.minus)), percentPrefix: \(quoted(formats.percentPrefix)),
                percentSuffix: \(quoted(formats.percentSuffix)),
                clocks: [\(clocks.joined(separator: ", "))])),
            """
    }
}
