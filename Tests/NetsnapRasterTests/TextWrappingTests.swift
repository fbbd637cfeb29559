import NetsnapRaster
import Testing

@testable import NetsnapText

/// `FontSystem.wrap`: lines as long as fit, broken where the language allows, a word too
/// long for a line cut, the last line ended with "…" when the text goes on, and a right-to-
/// left paragraph's later lines right to left too.
@Suite struct TextWrappingTests {
    private let fonts = try! FontSystem()
    private let style = TextStyle(pixelSize: 20)

    @Test func linesHoldAsManyWordsAsFitAndNoMore() {
        let text = "connection refused by the remote host"
        let lines = fonts.wrap(text, style: style, maxWidth: 200, maxLines: 4, locale: "en")
        #expect(lines.count >= 2 && lines.allSatisfy { $0.width <= 200 && !$0.isTruncated })
        let oneLine = fonts.layout(text, style: style).width
        #expect(lines.map(\.width).reduce(0, +) < oneLine, "the spaces lines were broken after are left out")
        let firstTwoWords = fonts.layout("connection refused", style: style).width
        #expect(firstTwoWords <= 200 ? lines[0].width >= firstTwoWords : true, "a line takes every word that fits")
    }

    @Test func japaneseWrapsBetweenCharactersWithNothingCut() {
        let text = "証明書が信頼されていません：発行元 Example CA は不明なルート"
        let width = fonts.layout(text, style: style).width
        let lines = fonts.wrap(text, style: style, maxWidth: width * 0.6, maxLines: 2, locale: "ja-JP")
        #expect(lines.count == 2 && lines.allSatisfy { !$0.isTruncated && $0.width <= width * 0.6 && $0.missingCharacters == 0 })
    }

    @Test func theLastLineEndsInAnEllipsisWhenTheTextGoesOn() {
        let text = String(repeating: "certificate not trusted ", count: 8)
        let lines = fonts.wrap(text, style: style, maxWidth: 240, maxLines: 2, locale: "en")
        #expect(lines.count == 2 && !lines[0].isTruncated && lines[1].isTruncated && lines[1].width <= 240)
    }

    @Test func aWordLongerThanALineIsCutAndTheNextLineGoesOn() {
        let lines = fonts.wrap("Donaudampfschifffahrtsgesellschaft antwortet", style: style, maxWidth: 150, maxLines: 3, locale: "de")
        #expect(lines.count == 2 && lines[0].isTruncated && !lines[1].isTruncated && lines.allSatisfy { $0.width <= 150 })
    }

    @Test func anArabicLineThatStartsWithLatinStillReadsRightToLeft() {
        let text = "رُفض الاتصال HTTP 500"
        let first = fonts.layout("رُفض الاتصال", style: style).width
        let lines = fonts.wrap(text, style: style, maxWidth: first + 4, maxLines: 2, locale: "ar-EG")
        #expect(lines.count == 2 && lines.allSatisfy(\.isRightToLeft))
        #expect(!fonts.layout("HTTP 500", style: style).isRightToLeft, "alone, the Latin words would read left to right")
    }

    @Test func anEmptyTextHasNoLines() {
        #expect(fonts.wrap("", style: style, maxWidth: 100, maxLines: 2, locale: "en").isEmpty)
    }
}
