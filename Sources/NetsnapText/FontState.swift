import CFreeType
import NetsnapRaster

/// Everything FreeType-related of one `FontSystem`: the library, its faces, and caches
/// of fallbacks, advances and rasterized glyphs. Used only under the system's lock.
final class FontState {
    private let library: OpaquePointer
    private let locator: FontLocator
    private let configuration: FontConfiguration
    private var faces: [FontFace] = []
    private var faceIndices: [FontFile: Int] = [:]
    private var primary: [FontWeight: Int] = [:]
    private var fallback: [FontWeight: Int?] = [:]
    private var covering = BoundedCache<CoverageKey, Int?>(capacity: 4096)
    private var emoji: Int??
    private var emojiLigatures = BoundedCache<Character, UInt32?>(capacity: 1024)
    private var advances = BoundedCache<GlyphKey, Double>(capacity: 16384)
    /// About 0.1–2 KB a glyph, depending on size: a few MB at most.
    private var images = BoundedCache<GlyphKey, GlyphImage>(capacity: 4096)
    private var kernings = BoundedCache<KerningKey, Double>(capacity: 16384)
    private var metricsCache = BoundedCache<TextStyle, FontMetrics>(capacity: 1024)

    /// A glyph at a size and rendering mode: the cache key for advances and images.
    private struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
        var size: Int
        var monochrome: Bool
    }

    /// A character in a weight, whose fallback face depends on both.
    private struct CoverageKey: Hashable {
        var scalar: Unicode.Scalar
        var weight: FontWeight
    }

    /// A glyph pair of one face at one size.
    private struct KerningKey: Hashable {
        var face: Int
        var left: UInt32
        var right: UInt32
        var size: Int
    }

    init(configuration: FontConfiguration) throws(FontError) {
        var library: OpaquePointer?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .freetypeUnavailable }
        self.library = library
        self.configuration = configuration
        do {
            locator = try FontLocator()
        } catch {
            FT_Done_FreeType(library)
            throw error
        }
        guard primaryFace(.regular) != nil else {
            faces.removeAll()
            FT_Done_FreeType(library)
            throw .familyNotFound(configuration.family)
        }
    }

    deinit {
        // Faces belong to the library: close them first.
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// How many values the growing caches hold (tests check they stay bounded).
    var cacheCounts: (images: Int, advances: Int, kernings: Int, covering: Int) {
        (images.count, advances.count, kernings.count, covering.count)
    }

    /// The family the main face actually came from.
    var resolvedFamily: String { primaryFace(.regular).map { faces[$0].file.family } ?? "" }

    func metrics(_ style: TextStyle) -> FontMetrics {
        guard let face = primaryFace(style.weight) else { return FontMetrics(ascent: 0, descent: 0, capHeight: 0) }
        return metricsCache.value(for: style) {
            let faceMetrics = faces[face].metrics(pixelSize: style.pixelSize)
            return FontMetrics(ascent: faceMetrics.ascent, descent: faceMetrics.descent, capHeight: faceMetrics.capHeight)
        }
    }

    /// With `maxWidth`, only what can show is laid out: the text is cut to the style's scalar
    /// budget first, and layout stops at the first glyph past the width, so hostile text
    /// costs no more than a line's worth. `missingCharacters` counts the part laid out.
    func layout(_ text: String, style: TextStyle, maxWidth: Double?) -> TextLine {
        var glyphs: [TextLine.Glyph] = []
        var ends: [Double] = []
        var missing = 0
        var pen = 0.0
        let (source, isCut) = maxWidth.map { style.cut(text, maxWidth: $0) } ?? (text[...], false)
        let limit = maxWidth.map { $0 + 0.01 } ?? .infinity
        for character in source {
            // Past the width nothing more can show: the ellipsis cut keeps only what came before.
            if pen > limit { break }
            if let glyph = emojiLigature(character), let face = emojiFace() {
                glyphs.append(TextLine.Glyph(face: face, glyph: glyph, x: pen))
                pen += advance(face: face, glyph: glyph, style: style)
                ends.append(pen)
                continue
            }
            for scalar in Self.drawnScalars(of: character) {
                guard let (face, glyph) = resolve(scalar, weight: style.weight, isEmoji: Self.isEmoji(character)) else {
                    missing += 1
                    continue
                }
                if let previous = glyphs.last, previous.face == face {
                    pen += kerning(face: face, previous.glyph, glyph, style: style)
                }
                glyphs.append(TextLine.Glyph(face: face, glyph: glyph, x: pen))
                pen += advance(face: face, glyph: glyph, style: style)
                ends.append(pen)
            }
        }
        guard let maxWidth, isCut || pen > limit else {
            return TextLine(glyphs: glyphs, style: style, width: pen, missingCharacters: missing, isTruncated: false)
        }
        return truncated(glyphs, ends: ends, style: style, maxWidth: maxWidth, missing: missing)
    }

    func images(for line: TextLine) -> [GlyphImage] {
        line.glyphs.map { glyph in
            let key = GlyphKey(
                face: glyph.face, glyph: glyph.glyph, size: Int((line.style.pixelSize * 64).rounded()),
                monochrome: line.style.monochrome)
            return images.value(for: key) {
                faces[glyph.face].render(glyph.glyph, pixelSize: line.style.pixelSize, monochrome: line.style.monochrome)
            }
        }
    }

    /// Cuts glyphs from the end until what is left plus "…" fits, dropping trailing spaces.
    private func truncated(
        _ glyphs: [TextLine.Glyph], ends: [Double], style: TextStyle, maxWidth: Double, missing: Int
    ) -> TextLine {
        guard let ellipsis = resolve("\u{2026}", weight: style.weight, isEmoji: false) else {
            return TextLine(glyphs: [], style: style, width: 0, missingCharacters: missing, isTruncated: true)
        }
        let ellipsisWidth = advance(face: ellipsis.face, glyph: ellipsis.glyph, style: style)
        var keep = glyphs.count
        while keep > 0, ends[keep - 1] + ellipsisWidth > maxWidth { keep -= 1 }
        let spaces = Set(["\u{20}", "\u{A0}"].compactMap { resolve(Unicode.Scalar($0)!, weight: style.weight, isEmoji: false)?.glyph })
        while keep > 0, spaces.contains(glyphs[keep - 1].glyph) { keep -= 1 }
        let penEnd = keep > 0 ? ends[keep - 1] : 0
        var kept = Array(glyphs[..<keep])
        kept.append(TextLine.Glyph(face: ellipsis.face, glyph: ellipsis.glyph, x: penEnd))
        return TextLine(
            glyphs: kept, style: style, width: penEnd + ellipsisWidth, missingCharacters: missing, isTruncated: true)
    }

    private func kerning(face: Int, _ left: UInt32, _ right: UInt32, style: TextStyle) -> Double {
        let key = KerningKey(face: face, left: left, right: right, size: Int((style.pixelSize * 64).rounded()))
        return kernings.value(for: key) { faces[face].kerning(left, right, pixelSize: style.pixelSize) }
    }

    private func advance(face: Int, glyph: UInt32, style: TextStyle) -> Double {
        let key = GlyphKey(face: face, glyph: glyph, size: Int((style.pixelSize * 64).rounded()), monochrome: false)
        return advances.value(for: key) { faces[face].advance(of: glyph, pixelSize: style.pixelSize) }
    }

    /// The colour emoji font's single glyph for an emoji sequence of several scalars.
    private func emojiLigature(_ character: Character) -> UInt32? {
        guard configuration.colorEmoji, character.unicodeScalars.count > 1, Self.isEmoji(character) else { return nil }
        return emojiLigatures.value(for: character) {
            emojiFace().flatMap { faces[$0].ligature(of: Array(character.unicodeScalars)) }
        }
    }

    /// Main font, then the colour emoji font for emoji, then the fallback family, then
    /// whatever fontconfig finds covering the character, then the emoji font for the rest.
    private func resolve(_ scalar: Unicode.Scalar, weight: FontWeight, isEmoji: Bool) -> (face: Int, glyph: UInt32)? {
        var candidates: [Int?] = []
        if isEmoji && configuration.colorEmoji { candidates.append(emojiFace()) }
        candidates.append(primaryFace(weight))
        candidates.append(fallbackFace(weight))
        for candidate in candidates {
            if let face = candidate, let glyph = faces[face].glyph(for: scalar) { return (face, glyph) }
        }
        if let face = coveringFace(scalar, weight: weight), let glyph = faces[face].glyph(for: scalar) {
            return (face, glyph)
        }
        if configuration.colorEmoji, let face = emojiFace(), let glyph = faces[face].glyph(for: scalar) {
            return (face, glyph)
        }
        return nil
    }

    private func primaryFace(_ weight: FontWeight) -> Int? {
        if let cached = primary[weight] { return cached }
        let file =
            locator.file(family: configuration.family, weight: weight)
            ?? locator.file(family: configuration.fallbackFamily, weight: weight)
        guard let index = file.flatMap(load) else { return nil }
        primary[weight] = index
        return index
    }

    private func fallbackFace(_ weight: FontWeight) -> Int? {
        if let cached = fallback[weight] { return cached }
        let index = locator.file(family: configuration.fallbackFamily, weight: weight).flatMap(load)
        fallback[weight] = index
        return index
    }

    private func coveringFace(_ scalar: Unicode.Scalar, weight: FontWeight) -> Int? {
        covering.value(for: CoverageKey(scalar: scalar, weight: weight)) {
            locator.file(covering: scalar, weight: weight).flatMap(load)
        }
    }

    private func emojiFace() -> Int? {
        if let cached = emoji { return cached }
        let index = locator.colorEmojiFile().flatMap(load)
        emoji = .some(index)
        return index
    }

    private func load(_ file: FontFile) -> Int? {
        if let index = faceIndices[file] { return index }
        guard let face = try? FontFace(library: library, file: file) else { return nil }
        faces.append(face)
        faceIndices[file] = faces.count - 1
        return faces.count - 1
    }

    /// Emoji presentation by default, or text made emoji by a U+FE0F variation selector.
    private static func isEmoji(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation
            || (first.properties.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
    }

    /// The scalars that get a glyph when no colour font ligates them. An emoji sequence
    /// (ZWJ family, skin tone, keycap) then shows its base emoji; joiners, variation
    /// selectors and other default-ignorable code points never show.
    private static func drawnScalars(of character: Character) -> [Unicode.Scalar] {
        if isEmoji(character), let first = character.unicodeScalars.first { return [first] }
        return character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
    }
}
