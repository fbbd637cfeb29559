import CFreeType
import CHarfBuzz
import NetsnapRaster

/// Everything FreeType- and HarfBuzz-related of one `FontSystem`: the library, its faces,
/// and caches of fallbacks, shaped texts and rasterized glyphs. Used only under the
/// system's lock.
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
    /// Texts shaped once for every size and theme; a tile sets a few dozen. About 70 bytes a
    /// glyph: under 10 MB even if every text were as long as the longest kept.
    private var shapes = BoundedCache<ShapeKey, ShapedText>(capacity: 512)
    /// About 0.1–2 KB a glyph, depending on size: a few MB at most.
    private var images = BoundedCache<GlyphKey, GlyphImage>(capacity: 4096)
    private var metricsCache = BoundedCache<TextStyle, FontMetrics>(capacity: 1024)
    /// HarfBuzz's buffer, reused for every run.
    private let buffer: OpaquePointer

    /// Longer texts (only ever a hostile name, cut to its budget) are shaped but not kept.
    private static let longestCachedText = 256

    /// A glyph at a size and rendering mode: the cache key for images.
    private struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
        var size: Int
        var monochrome: Bool
        var colorGlyphs: Bool
    }

    /// A character in a weight, whose fallback face depends on both.
    private struct CoverageKey: Hashable {
        var scalar: Unicode.Scalar
        var weight: FontWeight
        var outlineOnly: Bool
    }

    /// What shaping depends on: not the size, which only scales the result.
    private struct ShapeKey: Hashable {
        var text: String
        var weight: FontWeight
        var colorGlyphs: Bool
    }

    /// A stretch of scalars shaped together: one face, one bidi level, one script.
    private struct Run {
        var range: Range<Int>
        var face: Int
        var level: UInt8
        var script: hb_script_t
    }

    init(configuration: FontConfiguration) throws(FontError) {
        try TextLibraries.open()
        var library: OpaquePointer?
        guard ft.FT_Init_FreeType(&library) == 0, let library else { throw .freetypeUnavailable }
        guard let buffer = hb.hb_buffer_create(), hb.hb_buffer_allocation_successful(buffer) != 0 else {
            _ = ft.FT_Done_FreeType(library)
            throw .freetypeUnavailable
        }
        self.library = library
        self.buffer = buffer
        self.configuration = configuration
        do {
            locator = try FontLocator()
        } catch {
            hb.hb_buffer_destroy(buffer)
            _ = ft.FT_Done_FreeType(library)
            throw error
        }
        guard primaryFace(.regular) != nil else {
            faces.removeAll()
            hb.hb_buffer_destroy(buffer)
            _ = ft.FT_Done_FreeType(library)
            throw .familyNotFound(configuration.family)
        }
    }

    deinit {
        hb.hb_buffer_destroy(buffer)
        // Faces belong to the library: close them first.
        faces.removeAll()
        _ = ft.FT_Done_FreeType(library)
    }

    /// Whether fontconfig's whole configuration was needed so far.
    var hasLoadedSystemFontConfiguration: Bool { locator.hasLoadedSystemConfiguration }

    /// How many values the growing caches hold (tests check they stay bounded).
    var cacheCounts: (images: Int, shapes: Int, covering: Int) {
        (images.count, shapes.count, covering.count)
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

    /// With `maxWidth`, only what can show is shaped: the text is cut to the style's scalar
    /// budget first, so hostile text costs no more than a line's worth. A text too wide is
    /// cut in logical order — its beginning, which tells names apart, stays — and ends in
    /// "…", which a right-to-left text shows at its left. `missingCharacters` counts the
    /// part laid out.
    func layout(_ text: String, style: TextStyle, maxWidth: Double?) -> TextLine {
        let (source, isCut) = maxWidth.map { style.cut(text, maxWidth: $0) } ?? (text[...], false)
        let shaped = shape(source, style: style)
        guard let maxWidth, isCut || shaped.width * style.pixelSize > maxWidth + 0.01 else {
            return line(shaped, style: style, isTruncated: false)
        }
        return truncated(source, shaped: shaped, style: style, maxWidth: maxWidth)
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
    private func line(_ shaped: ShapedText, style: TextStyle, isTruncated: Bool, missing: Int? = nil) -> TextLine {
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

    /// The longest beginning of `source`, whole graphemes without trailing spaces, that
    /// fits `maxWidth` with "…" after it, shaped anew (Arabic letters at the cut take their
    /// final forms, and the ellipsis its place in the bidi order).
    private func truncated(_ source: Substring, shaped: ShapedText, style: TextStyle, maxWidth: Double) -> TextLine {
        var perScalar = [Double](repeating: 0, count: shaped.scalarCount)
        for glyph in shaped.glyphs where glyph.cluster < perScalar.count { perScalar[glyph.cluster] += glyph.advance }
        let ellipsis = shape("\u{2026}", style: style).width
        // The width, in ems, of every beginning of the text, grapheme by grapheme.
        var ends: [Double] = []
        ends.reserveCapacity(shaped.graphemes.count)
        var total = 0.0
        for (index, grapheme) in shaped.graphemes.enumerated() {
            let next = index + 1 < shaped.graphemes.count ? shaped.graphemes[index + 1].firstScalar : perScalar.count
            total += perScalar[grapheme.firstScalar..<next].reduce(0, +)
            ends.append(total)
        }
        let budget = maxWidth / style.pixelSize
        var keep = shaped.graphemes.count
        while keep > 0, ends[keep - 1] + ellipsis > budget { keep -= 1 }
        while true {
            while keep > 0, shaped.graphemes[keep - 1].isWhitespace { keep -= 1 }
            let end = source.utf8.index(source.startIndex, offsetBy: keep > 0 ? shaped.graphemes[keep - 1].utf8End : 0)
            let head = source[..<end]
            let cut = shape(Substring(head + "\u{2026}"), style: style)
            // Shaping anew can widen the head a little (a final form, lost kerning): then one less.
            if keep == 0 || cut.width <= budget + 0.01 / style.pixelSize {
                return line(cut, style: style, isTruncated: true, missing: shaped.missingScalars)
            }
            keep -= 1
        }
    }

    /// `text` shaped with HarfBuzz, run by run, in visual order; cached by text, weight and
    /// colour mode, as the size only scales it.
    private func shape(_ text: Substring, style: TextStyle) -> ShapedText {
        guard text.utf8.count <= Self.longestCachedText * 4 else { return shapeUncached(text, style: style) }
        let key = ShapeKey(text: String(text), weight: style.weight, colorGlyphs: style.colorGlyphs)
        return shapes.value(for: key) { shapeUncached(text, style: style) }
    }

    private func shapeUncached(_ text: Substring, style: TextStyle) -> ShapedText {
        var shaped = ShapedText()
        var scalars: [UInt32] = []
        var scalarFaces: [Int] = []
        scalars.reserveCapacity(text.utf8.count)
        var previousFace: Int?
        var utf8End = 0
        for character in text {
            utf8End += character.utf8.count
            guard let face = face(for: character, weight: style.weight, colorGlyphs: style.colorGlyphs, previous: previousFace)
            else {
                shaped.missingScalars += character.unicodeScalars.count
                continue
            }
            shaped.graphemes.append(
                ShapedText.Grapheme(firstScalar: scalars.count, utf8End: utf8End, isWhitespace: character.isWhitespace))
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                scalarFaces.append(face)
            }
            previousFace = face
        }
        shaped.scalarCount = scalars.count
        guard !scalars.isEmpty else { return shaped }
        let bidi = BidiLevels(scalars)
        shaped.isRightToLeft = bidi.isRightToLeft
        let runs = Self.runs(faces: scalarFaces, levels: bidi.levels, scripts: Self.scripts(of: scalars))
        let order = BidiLevels.visualOrder(of: runs.map(\.level))
        scalars.withUnsafeBufferPointer { text in
            for run in order.map({ runs[$0] }) {
                faces[run.face].shape(
                    text, range: run.range, rightToLeft: run.level & 1 == 1, script: run.script, faceIndex: run.face,
                    buffer: buffer, into: &shaped)
            }
        }
        return shaped
    }

    /// Splits the text where the face, the bidi level or the script changes.
    private static func runs(faces: [Int], levels: [UInt8], scripts: [hb_script_t]) -> [Run] {
        var runs: [Run] = []
        var start = 0
        for index in 1...faces.count {
            let ends =
                index == faces.count || faces[index] != faces[start] || levels[index] != levels[start]
                || scripts[index] != scripts[start]
            guard ends else { continue }
            runs.append(Run(range: start..<index, face: faces[start], level: levels[start], script: scripts[start]))
            start = index
        }
        return runs
    }

    /// Each scalar's script, with spaces, digits, punctuation and marks (Common and
    /// Inherited) taking the script of the letters before them, or after them at the start.
    private static func scripts(of scalars: [UInt32]) -> [hb_script_t] {
        let functions = hb.hb_unicode_funcs_get_default()
        var scripts = scalars.map { hb.hb_unicode_script(functions, $0) }
        let neutral: Set<UInt32> = [HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue]
        // Emoji alone, digits alone: one Common run, so a ZWJ sequence ligates.
        var current = scripts.first(where: { !neutral.contains($0.rawValue) }) ?? HB_SCRIPT_COMMON
        for index in scripts.indices {
            if neutral.contains(scripts[index].rawValue) { scripts[index] = current } else { current = scripts[index] }
        }
        return scripts
    }

    /// The face a character is shaped in. Emoji come from the colour emoji font, or for
    /// `colorGlyphs` off from an outline font that has them (the colour font's silhouette
    /// when none does). Other text: the main font, the fallback family, then whatever
    /// fontconfig finds, preferring a face that has every scalar so marks stay with their
    /// letter. A space stays in the face of the text before it, so a run of Arabic words
    /// is shaped as one. Fonts are looked up only as a character needs them (each family
    /// once), so text the main font covers never asks fontconfig for more.
    private func face(for character: Character, weight: FontWeight, colorGlyphs: Bool, previous: Int?) -> Int? {
        let drawn = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        // Joiners, selectors and bidi controls alone shape with their neighbours and never show.
        guard let base = drawn.first else { return previous ?? primaryFace(weight) }
        let emojiFont = { self.configuration.colorEmoji ? self.emojiFace() : nil }
        if Self.isEmoji(character) {
            if colorGlyphs, let emojiFont = emojiFont(), faces[emojiFont].covers(base) { return emojiFont }
            if !colorGlyphs {
                let outline = [{ self.primaryFace(weight) }, { self.fallbackFace(weight) }, { self.coveringFace(base, weight: weight, outlineOnly: true) }]
                if let face = outline.lazy.compactMap({ $0() }).first(where: { self.faces[$0].covers(base) }) { return face }
                if let emojiFont = emojiFont(), faces[emojiFont].covers(base) { return emojiFont }
            }
        }
        // Not the emoji font's space, which is as wide as an emoji (a colour bitmap font is one;
        // the emoji font, if looked up already, is one).
        if character.isWhitespace, let previous, !faces[previous].isColorBitmap, previous != emoji ?? nil,
            drawn.allSatisfy(faces[previous].covers)
        {
            return previous
        }
        let named = [{ self.primaryFace(weight) }, { self.fallbackFace(weight) }].lazy.compactMap { $0() }
        if let face = named.first(where: { face in drawn.allSatisfy(self.faces[face].covers) }) { return face }
        if let face = coveringFace(base, weight: weight, outlineOnly: false), faces[face].covers(base) { return face }
        if let face = named.first(where: { self.faces[$0].covers(base) }) { return face }
        if let emojiFont = emojiFont(), faces[emojiFont].covers(base) { return emojiFont }
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

    private func coveringFace(_ scalar: Unicode.Scalar, weight: FontWeight, outlineOnly: Bool) -> Int? {
        covering.value(for: CoverageKey(scalar: scalar, weight: weight, outlineOnly: outlineOnly)) {
            locator.file(covering: scalar, weight: weight, outlineOnly: outlineOnly).flatMap(load)
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
}
