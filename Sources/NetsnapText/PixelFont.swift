import CFreeType
import Foundation
import NetsnapRaster

/// A bitmap font for LED matrices, such as the misc-fixed fonts of `xfonts-base`
/// (`/usr/share/fonts/X11/misc/6x10.pcf.gz`), read through FreeType (which opens PCF and
/// BDF, gzipped or not). Every glyph is drawn as its designer set it, pixel for pixel: no
/// scaling, no anti-aliasing, so a 64 × 32 panel shows crisp letters instead of grey mush.
///
/// The glyphs are read once, at load, for the scalars a status tile can show (Latin-1,
/// General Punctuation, arrows and symbols); the font holds no FreeType state afterwards,
/// so it is immutable and can be shared across tasks.
public final class PixelFont: Sendable {
    /// One glyph's pixels, relative to its pen position on the baseline.
    struct Glyph: Sendable {
        var width: Int
        var height: Int
        var left: Int
        var top: Int
        var advance: Int
        var coverage: [UInt8]
    }

    /// The folder Debian's xfonts-base installs the misc-fixed fonts in.
    public static let miscFolder = "/usr/share/fonts/X11/misc"

    /// The file the font was read from.
    public let path: String
    /// Pixels above the baseline.
    public let ascent: Int
    /// Pixels below the baseline.
    public let descent: Int
    private let glyphs: [UInt32: Glyph]
    /// Drawn for text that is cut: "…" where the font has it, else "~".
    private let ellipsis: String

    /// The scalars read at load: what network names, numbers and status words use.
    private static let scalarRanges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x17F, 0x2010...0x2044, 0x2190...0x2193, 0x2212...0x2212]

    /// Reads the font at `path` (a PCF or BDF file, optionally gzipped); throws when FreeType
    /// cannot open it or it is not a bitmap font.
    public init(path: String) throws(FontError) {
        try TextLibraries.open()
        var library: OpaquePointer?
        guard ft.FT_Init_FreeType(&library) == 0, let library else { throw .freetypeUnavailable }
        defer { _ = ft.FT_Done_FreeType(library) }
        var opened: FT_Face?
        let error = ft.FT_New_Face(library, path, 0, &opened)
        guard error == 0, let face = opened else { throw .unreadableFont(path: path, code: error) }
        defer { _ = ft.FT_Done_Face(face) }
        // A bitmap font has fixed strikes and no outlines; anything else is not a pixel font.
        guard face.pointee.num_fixed_sizes > 0 else { throw .unreadableFont(path: path, code: -1) }
        _ = ft.FT_Select_Size(face, 0)
        var glyphs: [UInt32: Glyph] = [:]
        for range in Self.scalarRanges {
            for scalar in range {
                let index = ft.FT_Get_Char_Index(face, FT_ULong(scalar))
                guard index != 0 || scalar == 0x20, let glyph = Self.glyph(face, index: index) else { continue }
                glyphs[scalar] = glyph
            }
        }
        let metrics = face.pointee.size.pointee.metrics
        self.path = path
        self.ascent = Int(metrics.ascender) / 64
        self.descent = -Int(metrics.descender) / 64
        self.glyphs = glyphs
        ellipsis = glyphs[0x2026] != nil ? "\u{2026}" : "~"
    }

    /// The misc-fixed font `name` (e.g. `6x10`, `5x7`, `9x15B`) from `miscFolder`.
    public convenience init(misc name: String) throws(FontError) {
        try self.init(path: "\(Self.miscFolder)/\(name).pcf.gz")
    }

    /// Line height in pixels: ascent plus descent.
    public var lineHeight: Int { ascent + descent }

    /// True when the font has a glyph for every scalar of `text` but spaces: Arabic, Hebrew
    /// and Japanese are beyond misc-fixed's, and such text is drawn in an outline font instead.
    public func covers(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == " " || glyphs[$0.value] != nil }
    }

    /// The advance width of `text` in pixels; scalars the font lacks count as nothing.
    public func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (glyphs[$1.value]?.advance ?? 0) }
    }

    /// `text` whole when it fits `maxWidth` pixels, else cut with an ellipsis to fit.
    public func fitting(_ text: String, maxWidth: Int) -> String {
        guard width(of: text) > maxWidth else { return text }
        let room = maxWidth - width(of: ellipsis)
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let advance = glyphs[scalar.value]?.advance ?? 0
            guard used + advance <= room else { break }
            kept.append(scalar)
            used += advance
        }
        return String(kept).trimmingCharacters(in: .whitespaces) + (room > 0 ? ellipsis : "")
    }

    /// Draws `text` with its pen starting at `x` on `baseline` (pixels), every set pixel in
    /// `color`; returns the pen position after it. Scalars the font lacks are skipped.
    @discardableResult
    public func draw(_ text: String, into pixmap: inout Pixmap, x: Int, baseline: Int, color: Color) -> Int {
        var pen = x
        for scalar in text.unicodeScalars {
            guard let glyph = glyphs[scalar.value] else { continue }
            if glyph.width > 0, glyph.height > 0 {
                pixmap.fill(
                    mask: Mask(width: glyph.width, height: glyph.height, coverage: glyph.coverage), atX: pen + glyph.left,
                    y: baseline - glyph.top, with: .solid(color))
            }
            pen += glyph.advance
        }
        return pen
    }

    /// Loads and renders glyph `index` as a 1-bit bitmap.
    private static func glyph(_ face: FT_Face, index: FT_UInt) -> Glyph? {
        // FT_LOAD_RENDER | FT_LOAD_TARGET_MONO; FreeType defines them as macros Swift does not import.
        let renderMono: Int32 = (1 << 2) | (2 << 16)
        guard ft.FT_Load_Glyph(face, index, renderMono) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer {
            let isMono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
            for y in 0..<height {
                let row = buffer + y * pitch
                for x in 0..<width {
                    let on = isMono ? (row[x >> 3] >> (7 - UInt8(x & 7))) & 1 == 1 : row[x] >= 128
                    coverage[y * width + x] = on ? 255 : 0
                }
            }
        }
        return Glyph(
            width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            advance: Int(slot.pointee.advance.x) / 64, coverage: coverage)
    }
}
