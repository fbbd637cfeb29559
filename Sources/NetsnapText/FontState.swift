import CHarfBuzz
import NetsnapRaster

/// Everything FreeType- and HarfBuzz-related of one `FontSystem`: its faces (`FontFaces`),
/// HarfBuzz's buffer, and caches of shaped texts, metrics and rasterized glyphs. Used only under the
/// system's lock.
final class FontState {
    let faces: FontFaces
    /// Texts shaped once for every size and theme; a tile sets a few dozen. About 70 bytes a
    /// glyph: under 10 MB even if every text were as long as the longest kept.
    var shapes = BoundedCache<ShapeKey, ShapedText>(capacity: 512)
    /// About 0.1–2 KB a glyph, depending on size: a few MB at most.
    private var images = BoundedCache<GlyphKey, GlyphImage>(capacity: 4096)
    private var metricsCache = BoundedCache<TextStyle, FontMetrics>(capacity: 1024)
    /// HarfBuzz's buffer, reused for every run.
    let buffer: OpaquePointer

    /// Longer texts (only ever a hostile name, cut to its budget) are shaped but not kept.
    static let longestCachedText = 256

    /// A glyph at a size and rendering mode: the cache key for images.
    private struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
        var size: Int
        var monochrome: Bool
        var colorGlyphs: Bool
    }

    /// What shaping depends on: not the size, which only scales the result.
    struct ShapeKey: Hashable {
        var text: String
        var weight: FontWeight
        var colorGlyphs: Bool
        var rightToLeft: Bool?
    }

    init(configuration: FontConfiguration) throws(FontError) {
        faces = try FontFaces(configuration: configuration)
        guard let buffer = hb.hb_buffer_create(), hb.hb_buffer_allocation_successful(buffer) != 0 else {
            throw .freetypeUnavailable
        }
        self.buffer = buffer
    }

    deinit {
        hb.hb_buffer_destroy(buffer)
    }

    /// Whether fontconfig's whole configuration was needed so far.
    var hasLoadedSystemFontConfiguration: Bool { faces.hasLoadedSystemConfiguration }

    /// How many values the growing caches hold (tests check they stay bounded).
    var cacheCounts: (images: Int, shapes: Int, covering: Int) {
        (images.count, shapes.count, faces.coveringCount)
    }

    /// The family the main face actually came from.
    var resolvedFamily: String { faces.resolvedFamily }

    /// How many faces are loaded.
    var loadedFaceCount: Int { faces.count }

    func metrics(_ style: TextStyle) -> FontMetrics {
        guard let face = faces.primaryFace(style.weight) else { return FontMetrics(ascent: 0, descent: 0, capHeight: 0) }
        return metricsCache.value(for: style) {
            let faceMetrics = faces[face].metrics(pixelSize: style.pixelSize)
            return FontMetrics(ascent: faceMetrics.ascent, descent: faceMetrics.descent, capHeight: faceMetrics.capHeight)
        }
    }

    /// With `maxWidth`, only what can show is shaped: the text is cut to the style's scalar
    /// budget first, so hostile text costs no more than a line's worth. A text too wide is
    /// cut in logical order — its beginning, which tells names apart, stays — and ends in
    /// "…", which a right-to-left text shows at its left. `missingCharacters` counts the
    /// part laid out. `rightToLeft` sets the paragraph's direction (nil: its first strong character's).
    func layout(_ text: String, style: TextStyle, maxWidth: Double?, rightToLeft: Bool? = nil) -> TextLine {
        let (source, isCut) = maxWidth.map { style.cut(text, maxWidth: $0) } ?? (text[...], false)
        let shaped = shape(source, style: style, rightToLeft: rightToLeft)
        guard let maxWidth, isCut || !fits(shaped, style: style, maxWidth: maxWidth) else {
            return line(shaped, style: style, isTruncated: false)
        }
        return truncated(source, shaped: shaped, style: style, maxWidth: maxWidth, rightToLeft: rightToLeft)
    }

    /// Whether `shaped` fits `maxWidth` pixels in `style` (a hundredth of a pixel spare for rounding).
    func fits(_ shaped: ShapedText, style: TextStyle, maxWidth: Double) -> Bool {
        shaped.width * style.pixelSize <= maxWidth + 0.01
    }

    func images(for line: TextLine) -> [GlyphImage] {
        line.glyphs.map { glyph in
            let style = line.style
            let key = GlyphKey(
                face: glyph.face, glyph: glyph.glyph, size: Int((style.pixelSize * 64).rounded()), monochrome: style.monochrome,
                colorGlyphs: style.colorGlyphs)
            return images.value(for: key) {
                let image = faces[glyph.face].render(glyph.glyph, pixelSize: style.pixelSize, monochrome: style.monochrome)
                return style.colorGlyphs ? image : image.silhouette
            }
        }
    }

    /// `shaped` at the style's size.
    func line(_ shaped: ShapedText, style: TextStyle, isTruncated: Bool, missing: Int? = nil) -> TextLine {
        let size = style.pixelSize
        var glyphs: [TextLine.Glyph] = []
        glyphs.reserveCapacity(shaped.glyphs.count)
        var pen = 0.0
        for glyph in shaped.glyphs {
            glyphs.append(
                TextLine.Glyph(
                    face: glyph.face, glyph: glyph.glyph, x: (pen + glyph.xOffset) * size, y: glyph.yOffset * size,
                    cluster: glyph.cluster))
            pen += glyph.advance
        }
        return TextLine(
            glyphs: glyphs, style: style, width: pen * size, missingCharacters: missing ?? shaped.missingScalars,
            isTruncated: isTruncated,
            isRightToLeft: shaped.isRightToLeft)
    }
}
