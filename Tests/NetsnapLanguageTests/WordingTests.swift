import Foundation
import Testing

@testable import NetsnapLanguage

/// A locale's words, numbers, dates and clock times; the POSIX locale's fixed English.
@Suite struct WordingTests {
    let zurich = TimeZone(identifier: "Europe/Zurich")!
    /// 2026-11-21 16:42 UTC, 17:42 in Zurich.
    let date = Date(timeIntervalSince1970: 1_795_279_320)

    private func wording(_ tag: String, _ clock: ClockStyle = .locale) throws -> Wording {
        try #require(Wording(locale: tag, clock: clock))
    }

    @Test func thePOSIXLocaleKeepsTheFixedForms() throws {
        let posix = Wording.posix
        #expect(posix(.updatedAt, ["time": posix.clockTime(date, zurich)]) == "Updated 17:42")
        #expect(posix.dayAndClock(date, zurich) == "21 Nov 17:42")
        #expect(posix.decimal(4.25, fractionDigits: 1) == "4.3")
        #expect(posix.integer(100_000) == "100000")
        #expect(posix.percent(99.8, fractionDigits: 1) == "99.8%")
        #expect([45, 480, 10_800, 86_400, 172_800].map { posix.age(Double($0)) } == ["45 s", "8 min", "3 h", "1 day", "2 days"])
        #expect(try wording("C.UTF-8") == posix)
        #expect(try wording("POSIX").languageTag == "en")
    }

    /// Names come from people and producers: braces in them are text, never placeholders.
    @Test func aValuesOwnBracesAreNotFilledInTurn() {
        let posix = Wording.posix
        let text = posix(EventCountPhrase.failedChecksBecause, count: 3, ["target": "{reason} NAS", "reason": "refused {count}"])
        #expect(text == "{reason} NAS failed 3 checks in a row: refused {count}.")
        #expect(Wording.fill("{a} {missing} {b", [("a", "{b}"), ("b", "2")]) == "{b} {missing} {b")
        #expect(Wording.fill("{{a}}", [("a", "1")]) == "{1}")
    }

    @Test func germanWordsAndPatterns() throws {
        let german = try wording("de_DE.UTF-8")
        #expect(german.identifier == "de-DE")
        #expect(german.catalogueName == "de")
        #expect(german.decimal(4.25, fractionDigits: 1) == "4,3")
        #expect(german.integer(100_000) == "100.000")
        #expect(german.clockTime(date, zurich) == "17:42")
        #expect(german(.devices) == "Geräte")
        #expect(german(.noDevices) != "No devices")
        #expect(german(.updatedAt, ["time": "17:42"]).contains("17:42"))
    }

    @Test func clockStyles() throws {
        #expect(try wording("en-US").clockTime(date, zurich) == "5:42\u{202F}PM" || wording("en-US").clockTime(date, zurich) == "5:42 PM")
        #expect(try wording("en-US", .twentyFourHour).clockTime(date, zurich) == "17:42")
        #expect(try wording("de-DE", .twelveHour).clockTime(date, zurich).contains("5:42"))
    }

    /// Each locale's own short time pattern (CLDR), leading zero and all: German, French and
    /// British English write "07:29", Japanese and Hebrew "7:29".
    @Test func morningTimesKeepTheLocalesLeadingZero() throws {
        let morning = date.addingTimeInterval(-(10 * 3_600 + 13 * 60))
        for tag in ["de-DE", "fr-FR", "en-GB", "pt-BR", "pl-PL"] {
            #expect(try wording(tag).clockTime(morning, zurich) == "07:29", "\(tag)")
        }
        for tag in ["ja-JP", "he-IL"] { #expect(try wording(tag).clockTime(morning, zurich) == "7:29", "\(tag)") }
        #expect(try wording("en-US", .twentyFourHour).clockTime(morning, zurich) == "07:29")
        #expect(try wording("ar-EG", .twentyFourHour).clockTime(morning, zurich) == "٠٧:٢٩")
    }

    @Test func arabicDigitsAndDirection() throws {
        let arabic = try wording("ar-EG")
        #expect(arabic.isRightToLeft)
        #expect(arabic.decimal(4.2, fractionDigits: 1) == "٤٫٢")
        #expect(try wording("he-IL").isRightToLeft)
        #expect(try !wording("de-DE").isRightToLeft)
        #expect(try wording("ja-JP").needsCJKFont)
    }

    /// CLDR's categories through the catalogues' gettext rules: Arabic's dual, Polish's few and many.
    @Test func pluralFormsFollowTheLanguage() throws {
        let arabic = try wording("ar")
        let forms = [1, 2, 3, 11, 100].map { arabic(.days, count: $0) }
        #expect(Set(forms).count == 5, "\(forms)")
        // One and two as CLDR writes them, without the figure: "يوم واحد", "يومان", "יומיים".
        #expect(arabic.age(86_400) == "يوم واحد" && arabic.age(2 * 86_400) == "يومان" && arabic.age(3 * 86_400).hasSuffix(" أيام"))
        #expect(try wording("he-IL").age(2 * 86_400) == "יומיים")
        // Every counted noun, not only days: "فحصين", not "٢ فحص"; "בדיקה אחת", not "1 בדיקה".
        #expect(arabic(EventCountPhrase.failedChecks, count: 2, ["target": "NAS"]) == "فشل NAS في فحصين على التوالي.")
        #expect(arabic(EventCountPhrase.notSeen, count: 1, ["name": "TV"]) == "لم يُرَ TV منذ فحص واحد.")
        #expect(try wording("he-IL")(EventCountPhrase.failedChecks, count: 1, ["target": "NAS"]) == "NAS נכשל בבדיקה אחת.")
        let polish = try wording("pl-PL")
        #expect(polish(.daySpan, count: 1) != polish(.daySpan, count: 5))
        #expect(polish(.daySpan, count: 22) == polish(.daySpan, count: 2).replacingOccurrences(of: "2", with: "22"))
    }

    /// Without a catalogue the words are English: pages and feeds say so, and a right-to-left
    /// language's tiles and pages are not mirrored around English words.
    @Test func aLanguageWithoutACatalogueIsLabelledByItsWords() throws {
        #expect(try wording("sv-SE").languageTag == "en" && wording("fa-IR").languageTag == "en")
        #expect(try !wording("fa-IR").isRightToLeft && wording("ar-EG").isRightToLeft)
        #expect(try wording("de-DE").languageTag == "de-DE" && wording("en-US").languageTag == "en-US")
        #expect(try wording("en-XA").languageTag == "en-XA" && !wording("en-XA").isRightToLeft)
    }

    @Test func regionsFallBackToTheirLanguage() throws {
        #expect(try wording("pt-PT").catalogueName == "pt_BR")
        #expect(try wording("fr-CA").catalogueName == "fr")
        #expect(try wording("sv-SE").catalogueName == "en")
        #expect(try wording("sv-SE").decimal(1.5, fractionDigits: 1) == "1,5")
        #expect(Wording(locale: "") == nil)
        #expect(Wording(locale: "de DE") == nil)
    }

    @Test func thePseudoLocaleIsLongerAndKeepsPlaceholders() throws {
        let pseudo = try wording("en-XA")
        for phrase in Phrase.allCases {
            let key = catalogueKey(phrase.rawValue)
            let english = key.id
            let stretched = pseudo(phrase)
            let letters = english.replacing(/\{[a-z]+\}/, with: "").filter(\.isLetter).count
            if letters < 4 || key.context == "LED" {
                #expect(stretched == english, "units, symbols and LED words stay: \(stretched)")
                continue
            }
            #expect(stretched.count * 10 >= english.count * 14, "\(stretched)")
            #expect(ShippedCatalogueTests.placeholders(stretched) == ShippedCatalogueTests.placeholders(english))
        }
        #expect(pseudo(.updatedAt, ["time": "17:42"]).contains("17:42"))
    }
}
