import Foundation
import NetsnapLanguage
import NetsnapRaster
import NetsnapText
import NetsnapWidgets

/// LED matrices (64 × 32 and the like): three lines in a bitmap pixel font, every glyph
/// pixel for pixel with no anti-aliasing — the status word in the status colour, the network
/// name, and the one number that matters: targets up when some are down, else the gateway's
/// latency, and once the data is old the status says "Stale" in grey and the number is its age.
struct MicroTile {
    let content: TileContent
    let palette: TilePalette
    let pixelFonts: PixelFontShelf

    /// One of the three fonts: a pixel font, or where xfonts-base is missing the vector font
    /// set solid (1-bit glyphs), never blurred. (`TileRenderer.png` refuses such a tile first,
    /// naming xfonts-base: `requireFonts`; the fallback is for drawing without encoding.)
    private enum Face {
        case pixel(PixelFont)
        case vector(TextStyle)

        func ascent(canvas: TileCanvas) -> Int {
            switch self {
            case .pixel(let font): font.ascent
            case .vector(let style): Int(canvas.fonts.metrics(style).capHeight.rounded(.up))
            }
        }

        func lineHeight(canvas: TileCanvas) -> Int {
            switch self {
            case .pixel(let font): font.ascent + max(0, font.descent - 1)
            case .vector(let style): Int(canvas.fonts.metrics(style).capHeight.rounded(.up)) + 1
            }
        }

        /// The width `text` takes once cut to `maxWidth` pixels, as `draw` cuts it.
        func width(_ text: String, maxWidth: Int, canvas: TileCanvas) -> Int {
            switch self {
            case .pixel(let font): font.width(of: font.fitting(text, maxWidth: maxWidth))
            case .vector(let style):
                Int(canvas.fonts.layout(Self.wideSpaces(text), style: style, maxWidth: Double(maxWidth)).width.rounded(.up))
            }
        }

        /// Draws `text`, cut to `maxWidth` pixels, and returns the pen position after it.
        func draw(_ text: String, x: Int, baseline: Int, maxWidth: Int, color: Color, canvas: TileCanvas) -> Int {
            switch self {
            case .pixel(let font):
                let fitted = font.fitting(text, maxWidth: maxWidth)
                if fitted != text { canvas.noteTruncated(text) }
                return font.draw(fitted, into: &canvas.pixmap, x: x, baseline: baseline, color: color)
            case .vector(let style):
                let line = canvas.fonts.layout(Self.wideSpaces(text), style: style, maxWidth: Double(maxWidth))
                canvas.fonts.draw(line, into: &canvas.pixmap, x: Double(x), baseline: Double(baseline), color: color)
                return x + Int(line.width.rounded(.up))
            }
        }

        /// `text` with each space an en space: a vector font's space, set solid at an LED's
        /// size, is 2 pixels and runs two words together ("5/6זמינים"); half an em parts them
        /// as the pixel font's own space does.
        static func wideSpaces(_ text: String) -> String {
            guard text.utf8.contains(UInt8(ascii: " ")) else { return text }
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars { scalars.append(scalar == " " ? "\u{2002}" : scalar) }
            return String(scalars)
        }
    }

    /// Status word, name and number fonts (misc-fixed names) for a panel `height` pixels tall.
    static func fontNames(height: Int) -> (status: String, name: String, number: String) {
        if height >= 60 { return ("10x20", "7x13", "9x15B") }
        if height >= 40 { return ("9x15B", "6x10", "7x13B") }
        return ("6x10", "6x10", "6x10")
    }

    /// Throws `FontError.pixelFontMissing` (which names xfonts-base) when a font a panel
    /// `height` pixels tall is drawn in is not installed.
    static func requireFonts(height: Int, on shelf: PixelFontShelf) throws(FontError) {
        let names = fontNames(height: height)
        for name in [names.status, names.name, names.number] { _ = try shelf.requiredFont(name) }
    }

    /// The pixel font `name` when it has every glyph of `texts`; else the vector font set
    /// solid at the pixel font's height (Arabic, Hebrew, Japanese; or xfonts-base missing).
    private func face(_ name: String, fallbackSize: Double, for texts: [String]) -> Face {
        let pixel = pixelFonts.font(name)
        if let pixel, texts.allSatisfy(pixel.covers) { return .pixel(pixel) }
        let size = pixel.map { Double($0.lineHeight) } ?? fallbackSize
        return .vector(TextStyle(pixelSize: size, weight: .bold, monochrome: true))
    }

    /// The number under the name and its caption: the data's age once stale, targets up when
    /// some are down, else the gateway's latency.
    var number: (caption: String, value: String) {
        switch content.freshness {
        case .stale(let age): return ("", AgeText.age(age, content.wording))
        case .clockAhead(let ahead): return ("+", AgeText.age(ahead, content.wording))
        case .fresh: break
        }
        let medium = content.widgets.medium
        if medium.targetsTotal > 0, medium.targetsOnline < medium.targetsTotal {
            return (
                "",
                content.wording(
                    .upSlashTotal,
                    ["up": content.wording.integer(medium.targetsOnline), "total": content.wording.integer(medium.targetsTotal)])
            )
        }
        return (content.wording(.gatewayAbbreviated) + " ", content.gatewayLatency)
    }

    /// "Stale" once the data is old, else the status word: the languages' LED-short forms.
    var statusWord: String { content.shortStatusWord }

    func draw(on canvas: TileCanvas) {
        let height = canvas.pixmap.height
        let names = Self.fontNames(height: height)
        let number = number
        let statusFace = face(names.status, fallbackSize: Double(height) / 3.2, for: [statusWord])
        let nameFace = face(names.name, fallbackSize: Double(height) / 4.5, for: [content.networkName])
        let numberFace = face(names.number, fallbackSize: Double(height) / 3.2, for: [number.caption, number.value])
        let lines: [(face: Face, parts: [(String, Color)], landmark: String)] = [
            (statusFace, [(statusWord, content.statusColor(palette))], "statusWord"),
            (nameFace, [(content.networkName, content.isStale ? palette.stale : palette.primary)], "networkName"),
            (
                numberFace, [(number.caption, palette.secondary), (number.value, content.isStale ? palette.stale : palette.primary)],
                "number"
            ),
        ]
        let heights = lines.map { $0.face.lineHeight(canvas: canvas) }
        // Lines that fit, top first; the leftover height shared out as even gaps.
        var shown = lines.count
        while shown > 1, heights.prefix(shown).reduce(0, +) + shown - 1 > height { shown -= 1 }
        let gap = max(1, (height - heights.prefix(shown).reduce(0, +)) / (shown + 1))
        var top = max(0, (height - heights.prefix(shown).reduce(0, +) - gap * (shown - 1)) / 2)
        for (line, lineHeight) in zip(lines, heights).prefix(shown) {
            let baseline = top + line.face.ascent(canvas: canvas)
            let span = Self.drawLine(line.parts, face: line.face, baseline: baseline, canvas: canvas)
            canvas.mark(
                line.landmark, Rect(x: Double(span.lowerBound), y: Double(top), width: Double(span.count), height: Double(lineHeight)))
            top += lineHeight + gap
        }
    }

    /// Draws a line's parts from the left edge, or in a mirrored (Arabic, Hebrew) tile from the
    /// right edge with the first part outermost, as every other tile's rows; the columns drawn.
    private static func drawLine(_ parts: [(String, Color)], face: Face, baseline: Int, canvas: TileCanvas) -> Range<Int> {
        let width = canvas.pixmap.width
        var (left, right) = (1, width - 1)
        for (text, color) in parts where !text.isEmpty {
            guard canvas.mirrored else {
                left = face.draw(text, x: left, baseline: baseline, maxWidth: width - 1 - left, color: color, canvas: canvas)
                continue
            }
            let textWidth = face.width(text, maxWidth: right - 1, canvas: canvas)
            _ = face.draw(text, x: right - textWidth, baseline: baseline, maxWidth: right - 1, color: color, canvas: canvas)
            right -= textWidth
        }
        return canvas.mirrored ? right..<(width - 1) : 1..<left
    }
}
