import NetsnapLanguage
import Testing

@testable import NetsnapApp

/// The language a drawing command prepares ahead is the one the configuration would choose
/// before reading its file, and the fonts it loads ahead are its script's.
@Suite struct DrawingPreloadTests {
    @Test func theLocaleComesFromTheFlagThenTheVariablesInPOSIXOrder() {
        let host = ["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "it_IT.UTF-8", "LC_ALL": ""]
        #expect(DrawingPreload.locale(arguments: ["--size", "medium", "--locale", "ja-JP"], environment: host) == "ja-JP")
        #expect(DrawingPreload.locale(arguments: ["--locale=ar-EG"], environment: host) == "ar-EG")
        #expect(DrawingPreload.locale(arguments: [], environment: host.merging(["NETSNAP_LOCALE": "de-DE"]) { $1 }) == "de-DE")
        #expect(DrawingPreload.locale(arguments: [], environment: host) == "it_IT.UTF-8", "an empty LC_ALL is unset")
        #expect(DrawingPreload.locale(arguments: ["--locale"], environment: [:]) == nil)
    }

    @Test func scriptsTheMainFontLacksHaveASampleToLoadTheirFontsWith() {
        #expect(Wording.scriptSample(locale: "ja-JP").unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) })
        #expect(Wording.scriptSample(locale: "ar_EG.UTF-8").unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) })
        #expect(Wording.scriptSample(locale: "he-IL").unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) })
        #expect(Wording.scriptSample(locale: "de-DE").isEmpty && Wording.scriptSample(locale: "C").isEmpty)
    }

    @Test func preparingALanguageSaysNothingAndLeavesItsWordsAsTheyWere() {
        Wording.prepare(locale: "de-DE")
        Wording.prepare(locale: "no such locale ☃")
        #expect(Wording(locale: "de-DE")!(Phrase.stale) == "Veraltet")
    }
}
