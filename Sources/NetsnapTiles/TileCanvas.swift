import NetsnapRaster
import NetsnapText

/// The pixmap being drawn plus what nodes need to draw into it: fonts, palette and the
/// point-to-pixel scale. Nodes work in points; the canvas converts.
final class TileCanvas {
    var pixmap: Pixmap
    let fonts: FontSystem
    let palette: TilePalette
    let scale: Double
    /// 1-bit output: glyphs rendered hinted and solid instead of anti-aliased.
    let monochrome: Bool
    /// Emoji in colour; not on screens of two or four greys, where they would dither into
    /// noise, nor at night, where they take the text's red: outlines show their shapes.
    let colorGlyphs: Bool
    /// Right to left (Arabic, Hebrew): rows run from the right edge and text is aligned
    /// to the other side, so status and names sit on the right and figures on the left.
    var mirrored = false
    /// On grey output, the pixels text was drawn on: they are rounded, never dithered.
    var solidText: SolidPixels?
    /// Named places in pixels (status dot, bars, cards) for tests that probe pixels.
    private(set) var landmarks: [String: Rect] = [:]
    /// Nodes a column had to leave out for lack of height; a layout that fits has none.
    private(set) var omittedNodes = 0
    /// Rows whose fixed parts were wider than the row: the last ones drawn past its edge, over
    /// a card's border or a neighbour. A layout that fits has none.
    private(set) var overflowingRows = 0
    /// Texts drawn cut with an ellipsis, for tests that check a layout keeps names whole.
    private(set) var truncatedTexts: [String] = []
    /// Nested stacks measure the same text several times; lay each out once per tile.
    private var lines: [LineKey: TextLine] = [:]
    private var wrappedLines: [WrapKey: [TextLine]] = [:]

    private struct LineKey: Hashable {
        var text: String
        var font: TileFont
        var maxWidth: Double
    }

    private struct WrapKey: Hashable {
        var line: LineKey
        var maxLines: Int
        var locale: String
    }

    init(
        width: Int, height: Int, fonts: FontSystem, palette: TilePalette, scale: Double, monochrome: Bool,
        grayBitDepth: Int? = nil
    ) {
        // Transparent to start: the background pass paints every pixel anyway.
        pixmap = Pixmap(width: width, height: height)
        self.fonts = fonts
        self.palette = palette
        self.scale = scale
        self.monochrome = monochrome
        colorGlyphs = (grayBitDepth.map { $0 > 2 } ?? true) && !palette.tintsEmoji
        solidText = grayBitDepth.map { _ in SolidPixels(width: width, height: height) }
    }

    /// The text style for `font` at this scale. At 1× (under 1.5 px a point) thin strokes
    /// would wash out, so text is set one weight heavier there.
    func style(_ font: TileFont) -> TextStyle {
        TextStyle(
            pixelSize: font.size * scale, weight: scale < 1.5 ? font.weight.heavier : font.weight,
            monochrome: monochrome, colorGlyphs: colorGlyphs)
    }

    /// `text` set in `font`, truncated to `maxWidth` pixels.
    func layout(_ text: String, _ font: TileFont, maxWidth: Double) -> TextLine {
        // Keyed by no more of the text than layout can use (one scalar past the budget tells
        // a cut text from one that just fits), so hashing the key stays cheap for any text.
        let style = style(font)
        let used = text.unicodeScalars.prefix(style.scalarBudget(maxWidth: maxWidth) + 1)
        let key = LineKey(text: String(used), font: font, maxWidth: maxWidth)
        if let line = lines[key] { return line }
        let line = fonts.layout(text, style: style, maxWidth: maxWidth)
        lines[key] = line
        return line
    }

    /// `text` set in `font` on at most `maxLines` lines of `maxWidth` pixels, broken where
    /// `locale` allows (`FontSystem.wrap`).
    func wrap(_ text: String, _ font: TileFont, maxWidth: Double, maxLines: Int, locale: String) -> [TextLine] {
        let key = WrapKey(line: LineKey(text: text, font: font, maxWidth: maxWidth), maxLines: maxLines, locale: locale)
        if let wrapped = wrappedLines[key] { return wrapped }
        let wrapped = fonts.wrap(text, style: style(font), maxWidth: maxWidth, maxLines: maxLines, locale: locale)
        wrappedLines[key] = wrapped
        return wrapped
    }

    /// Draws `line` in the line box `frame` (points), centred vertically on its cap height so
    /// it lines up with dots and bars beside it, at the box's leading edge or, `trailing`, its
    /// other one; a mirrored canvas swaps the two.
    func draw(_ line: TextLine, in frame: Rect, trailing: Bool, color: Color) {
        let pixels = pixelRect(frame)
        let capHeight = fonts.metrics(line.style).capHeight
        let x = trailing == mirrored ? pixels.x : max(pixels.x, pixels.maxX - line.width)
        let baseline = (frame.y + frame.height / 2) * scale + capHeight / 2
        fonts.draw(
            line, into: &pixmap, x: x, baseline: baseline, color: color, tintColorGlyphs: palette.tintsEmoji, marking: &solidText)
    }

    /// `rect` (points) in pixels, snapped to whole pixels so edges and 1 pt borders stay crisp.
    func pixelRect(_ rect: Rect) -> Rect {
        let x0 = (rect.x * scale).rounded()
        let y0 = (rect.y * scale).rounded()
        let x1 = (rect.maxX * scale).rounded()
        let y1 = (rect.maxY * scale).rounded()
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func fill(_ shape: Shape, _ color: Color) {
        pixmap.fill(shape, with: .solid(color))
    }

    func noteOmitted(_ count: Int) {
        omittedNodes += count
    }

    func noteOverflow() {
        overflowingRows += 1
    }

    func noteTruncated(_ text: String) {
        truncatedTexts.append(text)
    }

    func mark(_ name: String, _ pixelRect: Rect) {
        landmarks[name] = pixelRect
    }
}
