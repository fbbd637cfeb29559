import CFreeType
import CHarfBuzz
import NetsnapRaster

/// One FreeType face: glyph lookup, advances, kerning and rasterization.
///
/// Not thread-safe, like the FT_Face it owns; only `FontState` uses it, under the lock
/// of its `FontSystem`.
final class FontFace {
    let file: FontFile
    private let face: FT_Face
    /// True for bitmap colour fonts (CBDT emoji), which come in fixed strikes.
    let isColorBitmap: Bool
    private let unitsPerEm: Double
    private let kerning: OpenTypeKerning?
    private let hasLegacyKerning: Bool
    private var currentSize: Int = -1
    /// HarfBuzz's view of the face, made on first use: only emoji sequences are shaped.
    private var shapingFont: OpaquePointer?

    // Load flags; FreeType defines these as macros Swift does not import.
    private static let loadNoHinting: Int32 = 1 << 1
    private static let loadColor: Int32 = 1 << 20
    private static let targetLight: Int32 = 1 << 16
    private static let targetMono: Int32 = 2 << 16

    init(library: OpaquePointer, file: FontFile) throws(FontError) {
        var opened: FT_Face?
        let error = FT_New_Face(library, file.path, FT_Long(file.index), &opened)
        guard error == 0, let opened else { throw .unreadableFont(path: file.path, code: error) }
        self.file = file
        face = opened
        let flags = opened.pointee.face_flags
        isColorBitmap = flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 && flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        unitsPerEm = Double(max(1, opened.pointee.units_per_EM))
        hasLegacyKerning = flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        kerning = Self.sfntTable(opened, tag: 0x4750_4F53).flatMap(OpenTypeKerning.init(gpos:))
        if isColorBitmap, opened.pointee.num_fixed_sizes > 0 { FT_Select_Size(opened, 0) }
    }

    deinit {
        if let shapingFont { hb_font_destroy(shapingFont) }
        FT_Done_Face(face)
    }

    /// The one glyph the face's substitutions make of `scalars` (a flag from two regional
    /// indicators, a ZWJ family, a skin tone, a keycap), or nil when they do not ligate.
    func ligature(of scalars: [Unicode.Scalar]) -> UInt32? {
        if shapingFont == nil { shapingFont = hb_ft_font_create_referenced(face) }
        guard let shapingFont, let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map(\.value)
        hb_buffer_add_utf32(buffer, codepoints, Int32(codepoints.count), 0, Int32(codepoints.count))
        hb_buffer_guess_segment_properties(buffer)
        // Joiners and variation selectors left over after substitution are not glyphs.
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
        hb_shape(shapingFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count == 1, infos[0].codepoint != 0 else { return nil }
        return infos[0].codepoint
    }

    /// The glyph for `scalar`, or nil when this face lacks it.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return index == 0 ? nil : UInt32(index)
    }

    /// The unhinted advance of `glyph` at `pixelSize`, in pixels.
    func advance(of glyph: UInt32, pixelSize: Double) -> Double {
        if isColorBitmap {
            guard FT_Load_Glyph(face, glyph, Self.loadColor) == 0 else { return 0 }
            return Double(face.pointee.glyph.pointee.advance.x) / 64 * bitmapScale(pixelSize)
        }
        setSize(pixelSize)
        guard FT_Load_Glyph(face, glyph, Self.loadNoHinting) == 0 else { return 0 }
        return Double(face.pointee.glyph.pointee.linearHoriAdvance) / 65536
    }

    /// The kerning between two glyphs of this face at `pixelSize`, in pixels.
    func kerning(_ left: UInt32, _ right: UInt32, pixelSize: Double) -> Double {
        if let kerning {
            return Double(kerning.adjustment(left, right)) * pixelSize / unitsPerEm
        }
        guard hasLegacyKerning else { return 0 }
        setSize(pixelSize)
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_UNFITTED.rawValue, &delta) == 0 else { return 0 }
        return Double(delta.x) / 64
    }

    /// Ascender, descender (positive, below the baseline) and cap height at `pixelSize`.
    func metrics(pixelSize: Double) -> (ascent: Double, descent: Double, capHeight: Double) {
        let scale = pixelSize / unitsPerEm
        var capHeight = Double(face.pointee.ascender) * scale * 0.75
        if let capital = glyph(for: "H") {
            setSize(pixelSize)
            if FT_Load_Glyph(face, capital, Self.loadNoHinting) == 0 {
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
        guard FT_Load_Glyph(face, glyph, target) == 0 else { return .empty }
        let slot = face.pointee.glyph!
        let mode = monochrome ? FT_RENDER_MODE_MONO : FT_RENDER_MODE_LIGHT
        guard FT_Render_Glyph(slot, mode) == 0 else { return .empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
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
        guard FT_Load_Glyph(face, glyph, Self.loadColor) == 0 else { return .empty }
        let slot = face.pointee.glyph!
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer,
            bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        else { return .empty }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = buffer + y * pitch
            for x in 0..<width {
                // FreeType's BGRA is premultiplied, as Pixmap is; only the order differs.
                let target = (y * width + x) * 4
                rgba[target] = row[x * 4 + 2]
                rgba[target + 1] = row[x * 4 + 1]
                rgba[target + 2] = row[x * 4]
                rgba[target + 3] = row[x * 4 + 3]
            }
        }
        let scale = bitmapScale(pixelSize)
        let strike = Pixmap(width: width, height: height, premultipliedRGBA: rgba)
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
        FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
        currentSize = size
    }

    private static func sfntTable(_ face: FT_Face, tag: FT_ULong) -> [UInt8]? {
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, tag, 0, nil, &length) == 0, length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let error = bytes.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &length) }
        return error == 0 ? bytes : nil
    }
}
