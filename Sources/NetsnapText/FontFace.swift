import CFreeType
import CHarfBuzz
import NetsnapRaster

/// One FreeType face and HarfBuzz's font over it: glyph lookup, shaping and rasterization.
///
/// Not thread-safe, like the FT_Face it owns; only `FontState` uses it, under the lock
/// of its `FontSystem`.
final class FontFace {
    let file: FontFile
    private let face: FT_Face
    /// The file as both libraries read it (`FontFileMapping`); nil when FreeType mapped it itself.
    private let mapping: OpaquePointer?
    /// True for bitmap colour fonts (CBDT emoji), which come in fixed strikes.
    let isColorBitmap: Bool
    /// TrueType and OpenType fonts, whose tables HarfBuzz shapes with; Type 1 and bitmap
    /// (BDF, PCF) fonts have none.
    private let hasOpenTypeTables: Bool
    private let isScalable: Bool
    private let unitsPerEm: Double
    private var currentSize: Int = -1
    /// A FreeType size object per pixel size drawn (26.6), so going back to a size is a switch:
    /// setting a size anew redoes its hinting set-up, once per subfont of a CJK font (19 in
    /// Noto Sans CJK), which was 3 M instructions of a Japanese tile. FreeType frees them with the face.
    private var sizes: [Int: FT_Size] = [:]
    private static let maximumSizes = 24
    /// HarfBuzz's font at one unit per font unit: shaped once, a text scales to any size.
    private let shapingFont: OpaquePointer
    /// The same font without its GSUB, for kana and ideographs (`shapingFont(for:)`); made
    /// at their first run.
    private var ideographFont: OpaquePointer?

    // Load flags; FreeType defines these as macros Swift does not import.
    private static let loadNoScale: Int32 = 1 << 0
    private static let loadColor: Int32 = 1 << 20
    private static let loadNoHinting: Int32 = 1 << 1
    private static let targetLight: Int32 = 1 << 16
    private static let targetMono: Int32 = 2 << 16

    init(library: OpaquePointer, file: FontFile) throws(FontError) {
        let opened = try FontFileMapping.open(file, library: library)
        defer { hb.hb_face_destroy(opened.shapingFace) }
        guard let font = hb.hb_font_create(opened.shapingFace) else {
            _ = ft.FT_Done_Face(opened.face)
            opened.mapping.map { hb.hb_blob_destroy($0) }
            throw .unreadableFont(path: file.path, code: -1)
        }
        self.file = file
        face = opened.face
        mapping = opened.mapping
        shapingFont = font
        let flags = face.pointee.face_flags
        isScalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        isColorBitmap = !isScalable && flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        hasOpenTypeTables = flags & FT_Long(FT_FACE_FLAG_SFNT) != 0
        unitsPerEm = Double(max(1, face.pointee.units_per_EM))
        let scale = Int32(unitsPerEm)
        hb.hb_font_set_scale(font, scale, scale)
        if !isScalable, face.pointee.num_fixed_sizes > 0 { _ = ft.FT_Select_Size(face, 0) }
    }

    deinit {
        if let ideographFont { hb.hb_font_destroy(ideographFont) }
        hb.hb_font_destroy(shapingFont)
        _ = ft.FT_Done_Face(face)
        // After the face: FreeType reads these bytes for as long as it lives.
        mapping.map { hb.hb_blob_destroy($0) }
    }

    /// Whether this face has a glyph for `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        ft.FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Shapes `scalars[range]` — one run of one direction and script — with HarfBuzz and
    /// appends its glyphs, left to right, to `shaped`. The scalars around the run are its
    /// context (Arabic letters join across a run of another font). `buffer` is reused
    /// across runs to spare an allocation per run.
    func shape(
        _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, rightToLeft: Bool, script: hb_script_t,
        faceIndex: Int, buffer: OpaquePointer, into shaped: inout ShapedText
    ) {
        guard hasOpenTypeTables else {
            return setUnshaped(scalars, range: range, rightToLeft: rightToLeft, faceIndex: faceIndex, into: &shaped)
        }
        hb.hb_buffer_clear_contents(buffer)
        hb.hb_buffer_add_utf32(buffer, scalars.baseAddress, Int32(scalars.count), UInt32(range.lowerBound), Int32(range.count))
        hb.hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb.hb_buffer_set_script(buffer, script)
        // Joiners, variation selectors and bidi controls shape (emoji sequences, Arabic
        // joining) but are never drawn.
        hb.hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
        hb.hb_shape(shapingFont(for: script), buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb.hb_buffer_get_glyph_infos(buffer, &count), let positions = hb.hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        let perUnit = 1 / unitsPerEm
        for index in 0..<Int(count) where infos[index].codepoint != 0 {
            let position = positions[index]
            let advance = Double(position.x_advance) * perUnit
            shaped.glyphs.append(
                ShapedText.Glyph(
                    face: faceIndex, glyph: infos[index].codepoint, cluster: Int(infos[index].cluster), advance: advance,
                    xOffset: Double(position.x_offset) * perUnit, yOffset: Double(position.y_offset) * perUnit))
            shaped.width += advance
        }
    }

    /// The font a run of `script` is shaped with: a CJK font's kana and ideographs skip its
    /// GSUB (`IdeographShaping`); everything else gets the whole font.
    private func shapingFont(for script: hb_script_t) -> OpaquePointer {
        guard IdeographShaping.applies(to: script) else { return shapingFont }
        if let ideographFont { return ideographFont }
        // Digits and punctuation beside kana take their script: a Latin font keeps its tables
        // (Inter's colon between digits is a contextual alternate).
        guard covers("\u{4E00}"), let font = IdeographShaping.fontWithoutSubstitutions(like: shapingFont) else { return shapingFont }
        ideographFont = font
        return font
    }

    /// A font without OpenType tables: one glyph per scalar at its advance, in visual order.
    private func setUnshaped(
        _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, rightToLeft: Bool, faceIndex: Int,
        into shaped: inout ShapedText
    ) {
        for index in rightToLeft ? Array(range.reversed()) : Array(range) {
            let glyph = ft.FT_Get_Char_Index(face, FT_ULong(scalars[index]))
            guard glyph != 0 else { continue }
            let advance = unscaledAdvance(of: glyph)
            shaped.glyphs.append(
                ShapedText.Glyph(face: faceIndex, glyph: glyph, cluster: index, advance: advance, xOffset: 0, yOffset: 0))
            shaped.width += advance
        }
    }

    /// The advance of `glyph` in ems: font units of an outline font, or pixels of a bitmap
    /// font's strike over its size.
    private func unscaledAdvance(of glyph: UInt32) -> Double {
        if isScalable {
            guard ft.FT_Load_Glyph(face, glyph, Self.loadNoScale) == 0 else { return 0 }
            return Double(face.pointee.glyph.pointee.advance.x) / unitsPerEm
        }
        guard ft.FT_Load_Glyph(face, glyph, 0) == 0, let size = face.pointee.size, size.pointee.metrics.y_ppem > 0 else { return 0 }
        return Double(face.pointee.glyph.pointee.advance.x) / 64 / Double(size.pointee.metrics.y_ppem)
    }

    /// Ascender, descender (positive, below the baseline) and cap height at `pixelSize`.
    func metrics(pixelSize: Double) -> (ascent: Double, descent: Double, capHeight: Double) {
        let scale = pixelSize / unitsPerEm
        var capHeight = Double(face.pointee.ascender) * scale * 0.75
        let capital = ft.FT_Get_Char_Index(face, FT_ULong(("H" as Unicode.Scalar).value))
        if capital != 0 {
            setSize(pixelSize)
            if ft.FT_Load_Glyph(face, capital, Self.loadNoHinting) == 0 {
                capHeight = Double(face.pointee.glyph.pointee.metrics.horiBearingY) / 64
            }
        }
        return (Double(face.pointee.ascender) * scale, -Double(face.pointee.descender) * scale, capHeight)
    }

    /// Rasterizes `glyph`: anti-aliased with light (vertical-only) hinting, or hinted
    /// 1-bit for `monochrome` so e-ink text stays solid; colour fonts give scaled bitmaps.
    func render(_ glyph: UInt32, pixelSize: Double, monochrome: Bool) -> GlyphImage {
        if isColorBitmap { return renderColor(glyph, pixelSize: pixelSize) }
        setSize(pixelSize)
        let target = monochrome ? Self.targetMono : Self.targetLight
        guard ft.FT_Load_Glyph(face, glyph, target) == 0 else { return .empty }
        let slot = face.pointee.glyph!
        let mode = monochrome ? FT_RENDER_MODE_MONO : FT_RENDER_MODE_LIGHT
        guard ft.FT_Render_Glyph(slot, mode) == 0 else { return .empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
        var coverage = [UInt8](repeating: 0, count: width * height)
        let isMono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        for y in 0..<height {
            let row = buffer + y * pitch
            for x in 0..<width {
                coverage[y * width + x] = isMono ? ((row[x >> 3] >> (7 - UInt8(x & 7))) & 1) * 255 : row[x]
            }
        }
        return .mask(
            Mask(width: width, height: height, coverage: coverage), left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top))
    }

    /// Emoji come as one large BGRA strike; shrink it to the text size by area averaging.
    private func renderColor(_ glyph: UInt32, pixelSize: Double) -> GlyphImage {
        guard ft.FT_Load_Glyph(face, glyph, Self.loadColor) == 0 else { return .empty }
        let slot = face.pointee.glyph!
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer,
            bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        else { return .empty }
        let scale = bitmapScale(pixelSize)
        let strike = ColorStrike.pixmap(bgra: buffer, width: width, height: height, pitch: pitch)
        let scaled = strike.resampled(
            width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
        return .color(
            scaled, left: Int((Double(slot.pointee.bitmap_left) * scale).rounded()),
            top: Int((Double(slot.pointee.bitmap_top) * scale).rounded()))
    }

    /// From the fixed strike to the requested size, so an emoji is as tall as the text's em.
    private func bitmapScale(_ pixelSize: Double) -> Double {
        guard face.pointee.num_fixed_sizes > 0 else { return 1 }
        let strikePixels = Double(face.pointee.available_sizes[0].y_ppem) / 64
        return strikePixels > 0 ? pixelSize / strikePixels : 1
    }

    private func setSize(_ pixelSize: Double) {
        let size = Int((pixelSize * 64).rounded())
        guard size != currentSize else { return }
        defer { currentSize = size }
        if let kept = sizes[size] {
            _ = ft.FT_Activate_Size(kept)
            return
        }
        var created: FT_Size?
        if sizes.count < Self.maximumSizes, ft.FT_New_Size(face, &created) == 0, let created {
            _ = ft.FT_Activate_Size(created)
        } else if let active = face.pointee.size {
            // Past the bound, the active object takes the new size and stops standing for its old one.
            sizes = sizes.filter { $0.value != active }
        }
        _ = ft.FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
        if let active = face.pointee.size { sizes[size] = active }
    }
}
