import CFreeType
import CHarfBuzz
import Foundation
import Testing

@testable import NetsnapText

/// Kana and ideographs are shaped without the CJK font's GSUB (`IdeographShaping`), to spare
/// HarfBuzz checking it at every start; every Japanese message must come out as the whole
/// font sets it: the same glyphs, advances and offsets (GPOS's `kern` moves kana pairs).
@Suite struct IdeographShapingTests {
    /// The Japanese catalogue's messages, cut to what a Japanese run holds: kana, ideographs
    /// and the CJK punctuation and full-width forms around them.
    static func japaneseRuns() throws -> [String] {
        let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../po/ja.po")
        let text = try String(contentsOf: catalogue, encoding: .utf8)
        let isJapanese = { (scalar: Unicode.Scalar) in
            (0x3000...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
                || (0xFF00...0xFFEF).contains(scalar.value)
        }
        return text.split(separator: "\n").filter { $0.hasPrefix("msgstr") }.flatMap { line in
            line.split(whereSeparator: { !$0.unicodeScalars.allSatisfy(isJapanese) }).map(String.init)
        }.filter { $0.unicodeScalars.count > 1 }
    }

    @Test(arguments: [FontWeight.regular, .bold])
    func japaneseMessagesShapeAsWithTheWholeFont(weight: FontWeight) throws {
        try TextLibraries.open()
        guard let file = try FontLocator().file(family: FontFaces.eastAsianFamily, weight: weight) else { return }
        var library: OpaquePointer?
        try #require(ft.FT_Init_FreeType(&library) == 0)
        defer { _ = ft.FT_Done_FreeType(library) }
        let face = try FontFace(library: try #require(library), file: file)
        let whole = try #require(hb.hb_face_create(hb.hb_blob_create_from_file_or_fail(file.path), UInt32(file.index)))
        defer { hb.hb_face_destroy(whole) }
        let wholeFont = try #require(hb.hb_font_create(whole))
        defer { hb.hb_font_destroy(wholeFont) }
        let perUnit = 1 / Double(hb.hb_face_get_upem(whole))
        let buffer = try #require(hb.hb_buffer_create())
        defer { hb.hb_buffer_destroy(buffer) }
        let runs = try Self.japaneseRuns()
        #expect(runs.count > 300, "the catalogue's Japanese runs: \(runs.count)")
        for run in runs {
            let scalars = run.unicodeScalars.map(\.value)
            let script = hb.hb_unicode_script(hb.hb_unicode_funcs_get_default(), scalars[0])
            var shaped = ShapedText()
            scalars.withUnsafeBufferPointer {
                face.shape($0, range: 0..<scalars.count, rightToLeft: false, script: script, faceIndex: 0, buffer: buffer, into: &shaped)
            }
            hb.hb_buffer_clear_contents(buffer)
            hb.hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
            hb.hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb.hb_buffer_set_script(buffer, script)
            hb.hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
            hb.hb_shape(wholeFont, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = try #require(hb.hb_buffer_get_glyph_infos(buffer, &count))
            let positions = try #require(hb.hb_buffer_get_glyph_positions(buffer, &count))
            let expected = (0..<Int(count)).map { index in
                "\(infos[index].codepoint) \(Double(positions[index].x_advance) * perUnit) \(Double(positions[index].x_offset) * perUnit)"
            }
            #expect(shaped.glyphs.map { "\($0.glyph) \($0.advance) \($0.xOffset)" } == expected, "\(run)")
        }
    }
}
