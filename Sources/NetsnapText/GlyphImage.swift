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

extension GlyphImage {
    /// A colour bitmap as a crisp mask of its opaque half, to be painted in the text colour:
    /// on a screen of two or four greys a picture would only dither into noise.
    var silhouette: GlyphImage {
        guard case .color(let bitmap, let left, let top) = self else { return self }
        let coverage = stride(from: 3, to: bitmap.bytes.count, by: 4).map { bitmap.bytes[$0] >= 128 ? UInt8(255) : 0 }
        return .mask(Mask(width: bitmap.width, height: bitmap.height, coverage: coverage), left: left, top: top)
    }
}
