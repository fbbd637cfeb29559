/// One laid-out line of text: glyphs in visual order (left to right) with pen positions
/// from the line's origin on the baseline, its advance width, and what layout had to give up.
///
/// A line refers to faces of the `FontSystem` that made it and is drawn by that system.
public struct TextLine: Sendable, Hashable {
    /// A glyph at a pen position; `y` is HarfBuzz's offset upwards (marks over letters).
    struct Glyph: Sendable, Hashable {
        var face: Int
        var glyph: UInt32
        var x: Double
        var y: Double
        /// The logical index of the first scalar of the glyph's cluster.
        var cluster: Int
    }

    let glyphs: [Glyph]
    /// The style the line was set in.
    public let style: TextStyle
    /// Advance width in pixels.
    public let width: Double
    /// Characters that no installed font could show; they are left out, never drawn as boxes.
    public let missingCharacters: Int
    /// True when the text was cut and ended with an ellipsis to fit.
    public let isTruncated: Bool
    /// True when the text's first strong character reads right to left (Arabic, Hebrew):
    /// its runs are then ordered from the right, and a cut text's ellipsis stands at the left.
    public var isRightToLeft = false

    /// The number of glyphs placed.
    public var glyphCount: Int { glyphs.count }
}
