import NetsnapRaster
import NetsnapText

/// A text on up to `maxLines` lines, broken only where its language allows (ICU's rules,
/// `LineBreaks`: between words, between most Japanese characters but never before "。" or a
/// small kana). A word longer than a line is cut with "…", and so is the last line when the
/// text goes on past it. Lines start at the leading edge: the right on a mirrored canvas.
struct WrappedTextNode: TileNode {
    var text: String
    var font: TileFont
    var color: Color
    /// The language whose rules break the lines (BCP 47).
    var locale: String
    var maxLines = 2
    var flex: TileFlex = .shrinking
    /// Where the lines were drawn, for tests that probe pixels.
    var landmark: String?

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        let lines = canvas.wrap(text, font, maxWidth: proposedWidth * canvas.scale, maxLines: maxLines, locale: locale)
        return ((lines.map(\.width).max() ?? 0) / canvas.scale, Double(lines.count) * font.lineHeight)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        // As TextNode: a frame snapped to pixels must not cost a line a character.
        let lines = canvas.wrap(text, font, maxWidth: frame.width * canvas.scale + 0.5, maxLines: maxLines, locale: locale)
        if lines.contains(where: \.isTruncated) { canvas.noteTruncated(text) }
        for (index, line) in lines.enumerated() {
            let box = Rect(x: frame.x, y: frame.y + Double(index) * font.lineHeight, width: frame.width, height: font.lineHeight)
            canvas.draw(line, in: box, trailing: false, color: color)
        }
        if let landmark {
            canvas.mark(
                landmark, canvas.pixelRect(Rect(x: frame.x, y: frame.y, width: frame.width, height: Double(lines.count) * font.lineHeight)))
        }
    }
}
