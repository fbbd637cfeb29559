import NetsnapRaster
import NetsnapText

/// One line of text, truncated with an ellipsis to the width it is given — unless one of its
/// shorter forms fits whole — centred vertically on its cap height so it lines up with dots
/// and bars beside it.
struct TextNode: TileNode {
    enum Alignment {
        case leading
        case trailing
    }

    var text: String
    var font: TileFont
    var color: Color
    var alignment: Alignment = .leading
    var flex: TileFlex = .shrinking
    /// At least this wide (points), so trailing-aligned columns of values line up.
    var minWidth: Double = 0
    /// Shorter wordings, longest first, used whole before the text is cut.
    var shorterForms: [String] = []
    /// The part of a row's width the text may claim before a shorter form is used (1: all),
    /// so a long wording beside a name falls back instead of crowding the name out.
    var widthShare = 1.0

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        let line = line(maxWidth: proposedWidth * widthShare * canvas.scale, canvas: canvas)
        return (max(line.width / canvas.scale, minWidth), font.lineHeight)
    }

    /// The first wording that fits `maxWidth` pixels whole, else the text cut to fit.
    private func line(maxWidth: Double, canvas: TileCanvas) -> TextLine {
        let full = canvas.layout(text, font, maxWidth: maxWidth)
        guard full.isTruncated else { return full }
        for form in shorterForms {
            let line = canvas.layout(form, font, maxWidth: maxWidth)
            if !line.isTruncated { return line }
        }
        return full
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let style = canvas.style(font)
        let pixels = canvas.pixelRect(frame)
        // The stack measured this text at its exact width; snapping the frame to pixels
        // must not cost it a glyph, so allow the rounding.
        let line = line(maxWidth: frame.width * canvas.scale + 0.5, canvas: canvas)
        let capHeight = canvas.fonts.metrics(style).capHeight
        let x = alignment == .leading ? pixels.x : max(pixels.x, pixels.maxX - line.width)
        let baseline = (frame.y + frame.height / 2) * canvas.scale + capHeight / 2
        canvas.fonts.draw(
            line, into: &canvas.pixmap, x: x, baseline: baseline, color: color,
            tintColorGlyphs: canvas.palette.tintsEmoji, marking: &canvas.solidText)
    }
}
