import NetsnapRaster

/// A rasterized glyph placed relative to its pen position on the baseline.
enum GlyphImage: Sendable {
    /// Coverage to be painted with the text colour.
    case mask(Mask, left: Int, top: Int)
    /// A colour bitmap (emoji) already scaled to the text size.
    case color(Pixmap, left: Int, top: Int)
    /// Nothing to draw (a space).
    case empty
}
