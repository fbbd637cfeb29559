import NetsnapRaster
import Testing

@testable import NetsnapText

/// HarfBuzz shapes, FriBidi orders: Arabic joins, right-to-left text reads from the right
/// beside Latin words and digits, marks sit on their letters, and cuts keep the beginning.
@Suite struct TextShapingTests {
    private let fonts = try! FontSystem()
    private let style = TextStyle(pixelSize: 32, weight: .semibold)

    /// The logical index of each glyph's first scalar, left to right on the line.
    private func visualClusters(_ line: TextLine) -> [Int] {
        line.glyphs.map(\.cluster)
    }

    @Test func hebrewWithDigitsReadsFromTheRight() {
        // "הבית שלי 2.4": scalars 0–3 a word, 4 a space, 5–7 a word, 8 a space, 9–11 the number.
        let line = fonts.layout("הבית שלי 2.4", style: style)
        #expect(line.isRightToLeft)
        #expect(line.missingCharacters == 0)
        // The number keeps its own left-to-right order at the left; the Hebrew runs from the right.
        #expect(visualClusters(line) == [9, 10, 11, 8, 7, 6, 5, 4, 3, 2, 1, 0])
        let positions = line.glyphs.map(\.x)
        #expect(positions == positions.sorted(), "glyphs are placed left to right: \(positions)")
    }

    @Test func latinNameWithHebrewStaysLeftToRight() {
        // The first strong letter is Latin: the line runs left to right, the Hebrew word inside it from the right.
        let line = fonts.layout("Wi-Fi שלום", style: style)
        #expect(!line.isRightToLeft)
        #expect(visualClusters(line) == [0, 1, 2, 3, 4, 5, 9, 8, 7, 6])
    }

    @Test func arabicNameWithLatinAndDigits() {
        // "بيت Ahmed 5G": the Arabic word at the right, "Ahmed 5G" as one left-to-right stretch at the left.
        let line = fonts.layout("بيت Ahmed 5G", style: style)
        #expect(line.isRightToLeft)
        #expect(visualClusters(line) == [4, 5, 6, 7, 8, 9, 10, 11, 3, 2, 1, 0])
    }

    @Test func arabicLettersTakeTheirJoinedForms() {
        // ب ي ت in a word: initial, medial and final forms, each another glyph than the letter alone.
        let word = fonts.layout("بيت", style: style)
        #expect(word.glyphCount == 3)
        let joined = Dictionary(uniqueKeysWithValues: word.glyphs.map { ($0.cluster, $0.glyph) })
        for (index, letter) in ["ب", "ي", "ت"].enumerated() {
            let isolated = fonts.layout(letter, style: style).glyphs.map(\.glyph)
            #expect(isolated.count == 1)
            #expect(joined[index] != isolated.first, "letter \(index) of the word is drawn in its isolated form")
        }
        // And the word is narrower joined than its letters set apart.
        let apart = ["ب", "ي", "ت"].map { fonts.layout($0, style: style).width }.reduce(0, +)
        #expect(word.width < apart - 1)
    }

    @Test func lamAlefBecomesOneLigature() {
        // "لا" is always one glyph in Arabic fonts.
        let line = fonts.layout("لا", style: style)
        #expect(line.glyphCount == 1)
    }

    @Test func combiningMarkComposesOrSitsOnItsLetter() {
        let decomposed = fonts.layout("e\u{301}", style: style)
        let precomposed = fonts.layout("é", style: style)
        #expect(decomposed.missingCharacters == 0)
        #expect(abs(decomposed.width - precomposed.width) < 0.5)
        var drawnDecomposed = Pixmap(width: 60, height: 60)
        var drawnPrecomposed = Pixmap(width: 60, height: 60)
        fonts.draw(decomposed, into: &drawnDecomposed, x: 10, baseline: 45, color: .black)
        fonts.draw(precomposed, into: &drawnPrecomposed, x: 10, baseline: 45, color: .black)
        #expect(drawnDecomposed.bytes == drawnPrecomposed.bytes)
    }

    @Test func invisibleControlsAreNeitherDrawnNorMissing() {
        // A zero-width space, a right-to-left mark and a byte-order mark between Latin letters.
        let line = fonts.layout("Wi\u{200B}Fi\u{200F}\u{FEFF}", style: style)
        #expect(line.missingCharacters == 0)
        #expect(line.glyphCount == 4)
        #expect(abs(line.width - fonts.layout("WiFi", style: style).width) < 0.5)
    }

    @Test func hostileBidiControlsAndMarksStayWithinTheLine() {
        // Overrides, embeddings and isolates nested far past the algorithm's depth, with marks.
        let text = String(repeating: "\u{202E}א\u{202A}a\u{0651}\u{2067}ب\u{2069}", count: 5_000)
        let line = fonts.layout(text, style: style, maxWidth: 300)
        #expect(line.isTruncated)
        #expect(line.width <= 300 && line.width > 0)
        #expect(line.missingCharacters == 0)
    }

    @Test func rightToLeftTextIsCutAtItsLogicalEnd() {
        let text = "הרשת של המשפחה הגדולה בקומה השנייה"
        let full = fonts.layout(text, style: style)
        let line = fonts.layout(text, style: style, maxWidth: full.width / 2)
        #expect(line.isTruncated)
        #expect(line.width <= full.width / 2)
        // The beginning (logical index 0) stays, at the right; the ellipsis stands at the left.
        #expect(line.glyphs.last?.cluster == 0)
        let ellipsis = fonts.layout("\u{2026}", style: style).glyphs.first?.glyph
        #expect(line.glyphs.first?.glyph == ellipsis)
        #expect(line.glyphs.dropFirst().allSatisfy { $0.glyph != ellipsis })
    }

    @Test func latinTextIsStillCutAtItsEnd() {
        let line = fonts.layout("Cloudflare DNS resolver", style: style, maxWidth: 200)
        #expect(line.isTruncated && !line.isRightToLeft)
        #expect(line.glyphs.first?.cluster == 0)
        #expect(line.glyphs.last?.glyph == fonts.layout("\u{2026}", style: style).glyphs.first?.glyph)
    }
}
