/// A text shaped once for all sizes: HarfBuzz's glyphs in visual order (left to right),
/// with advances and offsets in ems, so a line at any pixel size is a multiplication away.
struct ShapedText {
    /// One glyph, where HarfBuzz put it.
    struct Glyph {
        var face: Int
        var glyph: UInt32
        /// The logical index of the first scalar of the glyph's cluster in the shaped scalars.
        var cluster: Int
        var advance: Double
        var xOffset: Double
        var yOffset: Double
    }

    /// A user-perceived character (grapheme cluster) that got a face: where its scalars
    /// start among the shaped scalars and where it ends in the text, in UTF-8 bytes (the
    /// shape is cached by content, so no index of one particular string is kept).
    struct Grapheme {
        var firstScalar: Int
        var utf8End: Int
        var isWhitespace: Bool
    }

    var glyphs: [Glyph] = []
    /// The shaped graphemes in logical order; those no font can show are left out.
    var graphemes: [Grapheme] = []
    /// How many scalars were shaped (the text less what no font can show).
    var scalarCount = 0
    /// The total advance in ems.
    var width = 0.0
    /// Scalars of characters no installed font could show; they are left out, never drawn as boxes.
    var missingScalars = 0
    /// The paragraph direction, from the first strong character.
    var isRightToLeft = false
}
