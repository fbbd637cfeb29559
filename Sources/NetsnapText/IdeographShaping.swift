import CHarfBuzz

/// Kana and ideographs shaped without the font's glyph substitutions (GSUB). HarfBuzz checks
/// a table whole at its first use, and Noto Sans CJK's GSUB (vertical forms, the JIS78/83/90
/// and traditional variants, every region's `locl`) cost 1.4 M instructions a face in every
/// Japanese tile. Horizontal lines use none of it by default: each face of the collection
/// maps its own region's glyphs in its cmap. GPOS stays — its `kern` moves kana pairs.
/// `IdeographShapingTests` compares the glyphs with the whole font's.
enum IdeographShaping {
    /// Whether a run of `script` is shaped without substitutions.
    static func applies(to script: hb_script_t) -> Bool {
        script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA
    }

    /// A font over `font`'s face whose GSUB reads as absent, at `font`'s scale; nil when
    /// HarfBuzz cannot make one.
    static func fontWithoutSubstitutions(like font: OpaquePointer) -> OpaquePointer? {
        let whole = hb.hb_face_reference(hb.hb_font_get_face(font))
        // 0x47535542 is "GSUB".
        let face = hb.hb_face_create_for_tables(
            { _, tag, whole in tag == 0x4753_5542 ? nil : hb.hb_face_reference_table(OpaquePointer(whole), tag) },
            UnsafeMutableRawPointer(whole), { whole in hb.hb_face_destroy(OpaquePointer(whole)) })
        defer { hb.hb_face_destroy(face) }
        guard let withoutSubstitutions = hb.hb_font_create(face) else { return nil }
        var x: Int32 = 0
        var y: Int32 = 0
        hb.hb_font_get_scale(font, &x, &y)
        hb.hb_font_set_scale(withoutSubstitutions, x, y)
        return withoutSubstitutions
    }
}
