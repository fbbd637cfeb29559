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
    /// Smaller sizes, largest first, tried (text whole) before a shorter form or a cut, so a
    /// long network name shrinks a little on a display instead of losing its end.
    var smallerFonts: [TileFont] = []

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        let line = line(maxWidth: proposedWidth * widthShare * canvas.scale, canvas: canvas).line
        return (max(line.width / canvas.scale, minWidth), font.lineHeight)
    }

    /// Whether the text itself shows at `proposedWidth` (points), whole, rather than a
    /// shorter form or a cut: a row that would say "Down" for a reason can say why elsewhere.
    func showsWholeText(proposedWidth: Double, canvas: TileCanvas) -> Bool {
        wholeLine(maxWidth: proposedWidth * widthShare * canvas.scale, canvas: canvas) != nil
    }

    /// The text whole in its font or the largest of `smallerFonts` it fits `maxWidth` pixels in.
    private func wholeLine(maxWidth: Double, canvas: TileCanvas) -> (line: TextLine, font: TileFont)? {
        for candidate in [font] + smallerFonts {
            let line = canvas.layout(text, candidate, maxWidth: maxWidth)
            if !line.isTruncated { return (line, candidate) }
        }
        return nil
    }

    /// The first wording that fits `maxWidth` pixels whole — the text in its font or a
    /// smaller one, then a shorter form — else the text cut to fit, and the font it is set in.
    private func line(maxWidth: Double, canvas: TileCanvas) -> (line: TextLine, font: TileFont) {
        if let whole = wholeLine(maxWidth: maxWidth, canvas: canvas) { return whole }
        let last = smallerFonts.last ?? font
        for form in shorterForms {
            let line = canvas.layout(form, last, maxWidth: maxWidth)
            if !line.isTruncated { return (line, last) }
        }
        return (canvas.layout(text, last, maxWidth: maxWidth), last)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        // The stack measured this text at its exact width; snapping the frame to pixels
        // must not cost it a glyph, so allow the rounding.
        let line = line(maxWidth: frame.width * canvas.scale + 0.5, canvas: canvas).line
        if line.isTruncated { canvas.noteTruncated(text) }
        canvas.draw(line, in: frame, trailing: alignment == .trailing, color: color)
    }
}
