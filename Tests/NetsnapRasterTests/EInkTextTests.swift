import NetsnapRaster
import NetsnapText
import Testing

/// On screens of two or four greys, emoji come from outlines in the text colour and text
/// is rounded to the nearest grey, never dithered.
@Suite struct EInkTextTests {
    private let fonts = try! FontSystem()

    /// Ink pixels none of whose eight neighbours is ink: the speckle a dithered picture leaves.
    private func isolatedInk(_ image: GrayImage, ink: Int) -> Int {
        var isolated = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.level(x: x, y: y) == ink {
                let neighbours = (-1...1).flatMap { dy in (-1...1).map { dx in (dx, dy) } }.filter { $0 != (0, 0) }
                let alone = neighbours.allSatisfy { dx, dy in
                    let nx = x + dx
                    let ny = y + dy
                    return nx < 0 || ny < 0 || nx >= image.width || ny >= image.height || image.level(x: nx, y: ny) != ink
                }
                if alone { isolated += 1 }
            }
        }
        return isolated
    }

    @Test func emojiOnOneBitAreSolidOutlinesInTheTextColour() {
        let style = TextStyle(pixelSize: 40, monochrome: true, colorGlyphs: false)
        let line = fonts.layout("☕📶", style: style)
        #expect(line.missingCharacters == 0 && line.glyphCount == 2)
        var pixmap = Pixmap(width: 120, height: 60, fill: .white)
        fonts.draw(line, into: &pixmap, x: 4, baseline: 46, color: .black)
        var ink = 0
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let pixel = pixmap.pixel(x: x, y: y)
                let isWhite = pixel == .white
                let isBlack = pixel == .black
                #expect(isWhite || isBlack, "pixel (\(x), \(y)) is \(pixel): neither paper nor ink")
                if isBlack { ink += 1 }
                if !(isWhite || isBlack) { return }
            }
        }
        #expect(ink > 300, "the cup and the bars should show, found \(ink) ink pixels")
        let image = pixmap.grayscale(bitDepth: 1, dithering: .floydSteinberg)
        #expect(isolatedInk(image, ink: 0) == 0)
    }

    @Test func colourEmojiAreDitheredNoiseWithoutOutlines() {
        // What the outlines replace: the colour picture on 1 bit leaves speckle.
        let line = fonts.layout("📶", style: TextStyle(pixelSize: 40))
        var pixmap = Pixmap(width: 60, height: 60, fill: .white)
        fonts.draw(line, into: &pixmap, x: 4, baseline: 46, color: .black)
        #expect(isolatedInk(pixmap.grayscale(bitDepth: 1, dithering: .ordered), ink: 0) > 10)
    }

    @Test func textPixelsAreRoundedWhileTheBackgroundIsDithered() {
        // Anti-aliased text over a grey ramp, reduced to 2 bits.
        var pixmap = Pixmap(width: 160, height: 48)
        pixmap.fillAll(
            with: .linearGradient(
                LinearGradient(
                    start: Point(x: 0, y: 0), end: Point(x: 160, y: 0), stops: [.init(0, .white), .init(1, Color(hex: 0x888888))])))
        var solid: SolidPixels? = SolidPixels(width: 160, height: 48)
        let line = fonts.layout("Wi-Fi ☕", style: TextStyle(pixelSize: 30, colorGlyphs: false))
        fonts.draw(line, into: &pixmap, x: 4, baseline: 36, color: .black, marking: &solid)
        guard let solid else { return }
        let rounded = pixmap.grayscale(bitDepth: 2, dithering: .none)
        var marked = 0
        var backgroundDithered = 0
        for method in [Dithering.ordered, .floydSteinberg] {
            let image = pixmap.grayscale(bitDepth: 2, dithering: method, keepingSolid: solid)
            for y in 0..<48 {
                for x in 0..<160 {
                    if solid.contains(x: x, y: y) {
                        marked += 1
                        #expect(image.level(x: x, y: y) == rounded.level(x: x, y: y), "\(method) dithered text at (\(x), \(y))")
                    } else if image.level(x: x, y: y) != rounded.level(x: x, y: y) {
                        backgroundDithered += 1
                    }
                }
            }
        }
        #expect(marked > 400)
        #expect(backgroundDithered > 100, "the ramp behind the text is still dithered")
    }
}
