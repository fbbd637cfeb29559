import CFreeType
import CHarfBuzz
import Testing

@testable import NetsnapText

/// Type 1 and bitmap fonts have no OpenType tables for HarfBuzz: fontconfig may still pick
/// one for a character, and its glyphs must then be set one by one, never as .notdef boxes.
@Suite struct UnshapedFontTests {
    private static let type1 = "/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1"

    @Test func aType1FontIsSetGlyphByGlyphInVisualOrder() throws {
        var library: OpaquePointer?
        try TextLibraries.open()
        try #require(ft.FT_Init_FreeType(&library) == 0)
        defer { _ = ft.FT_Done_FreeType(library) }
        let buffer = try #require(hb.hb_buffer_create())
        defer { hb.hb_buffer_destroy(buffer) }
        let face = try FontFace(library: try #require(library), file: FontFile(path: Self.type1, index: 0, family: "Nimbus Sans"))
        let scalars: [UInt32] = "AVo".unicodeScalars.map(\.value)
        for rightToLeft in [false, true] {
            var shaped = ShapedText()
            scalars.withUnsafeBufferPointer {
                face.shape($0, range: 0..<3, rightToLeft: rightToLeft, script: HB_SCRIPT_LATIN, faceIndex: 0, buffer: buffer, into: &shaped)
            }
            #expect(shaped.glyphs.count == 3)
            #expect(shaped.glyphs.allSatisfy { $0.glyph != 0 && $0.advance > 0.3 && $0.advance < 1 })
            #expect(shaped.glyphs.map(\.cluster) == (rightToLeft ? [2, 1, 0] : [0, 1, 2]))
            #expect(abs(shaped.width - shaped.glyphs.map(\.advance).reduce(0, +)) < 1e-9)
        }
    }
}
