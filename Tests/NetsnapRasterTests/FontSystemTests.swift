import NetsnapRaster
import NetsnapText
import Testing

@Suite struct FontSystemTests {
    private let fonts = try! FontSystem()
    private let style = TextStyle(pixelSize: 32, weight: .semibold)

    @Test func usesInterWhenInstalled() {
        #expect(fonts.resolvedFamily == "Inter")
    }

    @Test func kerningTightensPairs() {
        let pair = fonts.layout("AV", style: style).width
        let apart = fonts.layout("A", style: style).width + fonts.layout("V", style: style).width
        #expect(pair < apart - 1, "AV \(pair) px should be narrower than A + V \(apart) px")
        let to = fonts.layout("To", style: style).width
        #expect(to < fonts.layout("T", style: style).width + fonts.layout("o", style: style).width - 1)
    }

    @Test(arguments: ["🏠 Home", "Дом-Сеть", "Σπίτι Wi-Fi", "café ☕ 5G", "👨‍👩‍👧 Family"])
    func everyCharacterFindsAGlyph(text: String) {
        let line = fonts.layout(text, style: style)
        #expect(line.missingCharacters == 0)
        #expect(line.width > 0)
    }

    @Test func emojiIsDrawnInColour() {
        let line = fonts.layout("🏠", style: TextStyle(pixelSize: 40))
        var pixmap = Pixmap(width: 60, height: 60, fill: .white)
        fonts.draw(line, into: &pixmap, x: 5, baseline: 45, color: .black)
        var colourful = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let pixel = pixmap.pixel(x: x, y: y)
                let spread = Int(max(pixel.red, pixel.green, pixel.blue)) - Int(min(pixel.red, pixel.green, pixel.blue))
                if spread > 60 { colourful += 1 }
            }
        }
        #expect(colourful > 100, "the house emoji should bring its own colours, found \(colourful) coloured pixels")
    }

    private func drawn(_ text: String) -> Pixmap {
        var pixmap = Pixmap(width: 60, height: 60, fill: .white)
        fonts.draw(fonts.layout(text, style: TextStyle(pixelSize: 40)), into: &pixmap, x: 5, baseline: 45, color: .black)
        return pixmap
    }

    /// Flags, ZWJ families, skin tones and keycaps are one picture of the colour font,
    /// not their first emoji.
    @Test(arguments: [("👨‍👩‍👧", "👨"), ("👋🏽", "👋"), ("1️⃣", "1"), ("🏳️‍🌈", "🏳️"), ("🇨🇭", "🇨")])
    func emojiSequencesAreOneGlyph(sequence: String, base: String) {
        let line = fonts.layout(sequence, style: TextStyle(pixelSize: 40))
        #expect(line.glyphCount == 1)
        #expect(line.missingCharacters == 0)
        #expect(drawn(sequence).bytes != drawn(base).bytes)
    }

    @Test func swissFlagIsRedAndWhite() {
        let flag = drawn("🇨🇭")
        var red = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let pixel = flag.pixel(x: x, y: y)
                if pixel.red > 200 && pixel.green < 80 && pixel.blue < 80 { red += 1 }
            }
        }
        #expect(red > 400, "found \(red) red pixels")
    }

    @Test func longTextIsTruncatedWithEllipsis() {
        let text = String(repeating: "Wide Network Name ", count: 12)
        let line = fonts.layout(text, style: style, maxWidth: 300)
        #expect(line.isTruncated)
        #expect(line.width <= 300)
        #expect(line.width > 250)
        let short = fonts.layout("Home", style: style, maxWidth: 300)
        #expect(!short.isTruncated)
    }

    @Test func aHundredThousandCharactersLayOutOnlyWhatFits() {
        let text = String(repeating: "Wide Network Name ", count: 100_000 / 18)
        let line = fonts.layout(text, style: style, maxWidth: 300)
        #expect(line.isTruncated)
        #expect(line.width <= 300)
        // The line holds what fits and no more: layout stopped at the width.
        #expect(line.glyphCount < 40)
        #expect(line.glyphCount == fonts.layout(String(text.prefix(60)), style: style, maxWidth: 300).glyphCount)
    }

    @Test func zeroWidthMarksAreCutToTheBudgetBeforeLayout() {
        // One base letter and a hundred thousand combining marks: no width to stop at, so the
        // scalar budget is what bounds the work.
        let text = "a" + String(repeating: "\u{301}", count: 100_000)
        let budget = style.scalarBudget(maxWidth: 300)
        #expect(budget < 300)
        let (head, isCut) = style.cut(text, maxWidth: 300)
        #expect(isCut)
        #expect(head.unicodeScalars.count == budget)
        let line = fonts.layout(text, style: style, maxWidth: 300)
        #expect(line.isTruncated)
        #expect(line.glyphCount <= budget + 1)
        #expect(line.width <= 300)
    }

    @Test func textWithinTheBudgetIsNotCut() {
        let (head, isCut) = style.cut("Home Wi-Fi", maxWidth: 300)
        #expect(!isCut)
        #expect(head == "Home Wi-Fi")
    }

    @Test func textSitsOnTheBaseline() {
        let line = fonts.layout("Hxg", style: style)
        var pixmap = Pixmap(width: 120, height: 60)
        fonts.draw(line, into: &pixmap, x: 4, baseline: 40, color: .black)
        let capHeight = fonts.metrics(style).capHeight
        // "H" covers the rows from the cap height down to the baseline and nothing below.
        #expect(pixmap.pixel(x: 7, y: 39).alpha > 200)
        #expect(pixmap.pixel(x: 7, y: 41).alpha == 0)
        #expect(pixmap.pixel(x: 7, y: Int(40 - capHeight + 1.5)).alpha > 200)
        #expect((20...26).contains(capHeight))
    }

    @Test func monochromeGlyphsAreSolid() {
        let line = fonts.layout("Online", style: TextStyle(pixelSize: 20, weight: .bold, monochrome: true))
        var pixmap = Pixmap(width: 100, height: 30)
        fonts.draw(line, into: &pixmap, x: 2, baseline: 22, color: .black)
        #expect(Set(stride(from: 3, to: pixmap.bytes.count, by: 4).map { pixmap.bytes[$0] }) == [0, 255])
    }
}
