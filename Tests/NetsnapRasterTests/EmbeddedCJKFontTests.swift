import CFreeType
import CHarfBuzz
import Foundation
import Testing

@testable import NetsnapText

/// Japanese words come from Noto Sans CJK JP cut down to the catalogue's characters and
/// compiled in (`EmbeddedFonts`): the full 19 MB face is opened only for other kanji, and the
/// subset draws every glyph as the full face does.
@Suite struct EmbeddedCJKFontTests {
    /// Every kana, ideograph and full-width form of the Japanese catalogue, and the space.
    static func catalogueScalars() throws -> [Unicode.Scalar] {
        let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../po/ja.po")
        let text = try String(contentsOf: catalogue, encoding: .utf8)
        return Set(text.unicodeScalars.filter(FontFaces.isEastAsian)).sorted { $0.value < $1.value } + [" "]
    }

    private static func withFace(_ file: FontFile, _ body: (FontFace) throws -> Void) throws {
        try TextLibraries.open()
        var library: OpaquePointer?
        try #require(ft.FT_Init_FreeType(&library) == 0)
        defer { _ = ft.FT_Done_FreeType(library) }
        try body(try FontFace(library: try #require(library), file: file))
    }

    /// Fails when a translator adds a character and scripts/subset-cjk-font.py was not run.
    @Test(arguments: [FontWeight.regular, .bold])
    func everyCharacterOfTheJapaneseCatalogueIsEmbedded(weight: FontWeight) throws {
        let scalars = try Self.catalogueScalars()
        #expect(scalars.count > 300)
        try Self.withFace(EmbeddedFonts.eastAsianFile(weight)) { face in
            let missing = scalars.filter { !face.covers($0) }
            #expect(missing.isEmpty, "not in the embedded font: \(String(String.UnicodeScalarView(missing)))")
        }
    }

    @Test func japaneseMessagesOpenNoInstalledFontAndOtherKanjiDo() throws {
        let fonts = try FontSystem()
        for weight in [FontWeight.regular, .bold] {
            _ = fonts.layout("監視対象 ダウン 10:42更新", style: TextStyle(pixelSize: 16, weight: weight))
        }
        #expect(fonts.loadedFontPaths.filter { $0.hasPrefix("embedded:") }.count == 2)
        #expect(!fonts.loadedFontPaths.contains { $0.contains("CJK") }, "\(fonts.loadedFontPaths)")
        guard try FontLocator().file(family: FontFaces.eastAsianFamily, weight: .regular) != nil else { return }
        // 鬱 is in no message: the installed face draws it.
        let line = fonts.layout("監視 鬱", style: TextStyle(pixelSize: 16, weight: .regular))
        #expect(fonts.loadedFontPaths.contains { $0.contains("NotoSansCJK") }, "\(fonts.loadedFontPaths)")
        #expect(line.glyphs.allSatisfy { $0.glyph != 0 })
    }

    /// Outlines, hints and advances survive the cut: each glyph's bitmap, grey and 1-bit, is
    /// the installed face's.
    @Test(arguments: [FontWeight.regular, .bold])
    func theEmbeddedGlyphsAreTheInstalledFacesOwn(weight: FontWeight) throws {
        guard let installed = try FontLocator().file(family: FontFaces.eastAsianFamily, weight: weight) else { return }
        let buffer = try #require(hb.hb_buffer_create())
        defer { hb.hb_buffer_destroy(buffer) }
        func glyphs(_ face: FontFace) -> [(UInt32, Double)] {
            try! Self.catalogueScalars().dropLast().map { scalar in
                var shaped = ShapedText()
                [scalar.value].withUnsafeBufferPointer {
                    face.shape($0, range: 0..<1, rightToLeft: false, script: HB_SCRIPT_HAN, faceIndex: 0, buffer: buffer, into: &shaped)
                }
                return (shaped.glyphs[0].glyph, shaped.glyphs[0].advance)
            }
        }
        func images(_ face: FontFace, _ ids: [(UInt32, Double)]) -> [String] {
            ids.flatMap { id, _ in
                [13.0, 24].flatMap { size in [true, false].map { "\(face.render(id, pixelSize: size, monochrome: $0))" } }
            }
        }
        try Self.withFace(EmbeddedFonts.eastAsianFile(weight)) { embedded in
            try Self.withFace(installed) { whole in
                let (small, large) = (glyphs(embedded), glyphs(whole))
                #expect(small.map(\.1) == large.map(\.1), "advances")
                #expect(images(embedded, small) == images(whole, large))
            }
        }
    }
}
