import CFreeType
import CHarfBuzz

/// A font file mapped into memory once for both libraries: HarfBuzz's blob maps it, and
/// FreeType's face and HarfBuzz's face both read that mapping.
///
/// Why: each library mapping the file itself doubled every page both read — a CJK font's
/// cmap, metrics and layout tables — twice the page faults at each start and twice the
/// resident pages for as long as the face lives (docs/performance.md).
enum FontFileMapping {
    /// The opened faces and the mapping they read, which the caller destroys after the
    /// FreeType face (nil when it could not be mapped and FreeType opened the file itself).
    struct Opened {
        let face: FT_Face
        let shapingFace: OpaquePointer
        let mapping: OpaquePointer?
    }

    static func open(_ file: FontFile, library: OpaquePointer) throws(FontError) -> Opened {
        let mapping = EmbeddedFonts.blob(file.path) ?? hb.hb_blob_create_from_file_or_fail(file.path)
        var length: UInt32 = 0
        let bytes = mapping.flatMap { hb.hb_blob_get_data($0, &length) }
        var opened: FT_Face?
        let error =
            if let bytes, length > 0 {
                ft.FT_New_Memory_Face(
                    library, UnsafeRawPointer(bytes).assumingMemoryBound(to: FT_Byte.self), FT_Long(length), FT_Long(file.index),
                    &opened)
            } else {
                ft.FT_New_Face(library, file.path, FT_Long(file.index), &opened)
            }
        guard error == 0, let opened else {
            mapping.map { hb.hb_blob_destroy($0) }
            throw .unreadableFont(path: file.path, code: error)
        }
        // HarfBuzz measures with its own unhinted metrics, in font units, from the OpenType
        // tables: through FreeType it copied every table it read (a CJK font's cmap, metrics
        // and layout tables, half a megabyte, at each start). A variable font's named instance
        // is in the index's upper bits, which FreeType reads and HarfBuzz's face does not take.
        let shapingFace = mapping.flatMap { hb.hb_face_create($0, UInt32(file.index & 0xFFFF)) } ?? hb.hb_ft_face_create_referenced(opened)
        guard let shapingFace else {
            _ = ft.FT_Done_Face(opened)
            mapping.map { hb.hb_blob_destroy($0) }
            throw .unreadableFont(path: file.path, code: -1)
        }
        return Opened(face: opened, shapingFace: shapingFace, mapping: mapping)
    }
}
