import CHarfBuzz

/// The fonts compiled into netsnap: Noto Sans CJK JP cut down to the kana and ideographs of
/// the shipped catalogues (`scripts/subset-cjk-font.py`), 0.2 MB a weight.
///
/// Why: opening the full 19–20 MB faces cost a Japanese tile about 2 ms of CPU and 470 page
/// faults at each start (FreeType reads every subfont's subroutines and validates the whole
/// cmap), most of what Japanese cost over English (docs/performance.md). Its glyphs are the
/// full face's, hints included, so text drawn from either looks the same, and Japanese
/// words show even where `fonts-noto-cjk` is not installed.
enum EmbeddedFonts {
    /// The path a `FontFile` of an embedded face carries: not a file in any folder.
    private static let prefix = "embedded:"

    /// The face for kana and ideographs in `weight`: Bold from semibold on, as fontconfig
    /// picks between the two weights Debian installs.
    static func eastAsianFile(_ weight: FontWeight) -> FontFile {
        let name = weight.rawValue >= FontWeight.semibold.rawValue ? "Bold" : "Regular"
        return FontFile(path: prefix + name, index: 0, family: FontFaces.eastAsianFamily)
    }

    /// A HarfBuzz blob holding the embedded face `path` names; nil for any other path.
    static func blob(_ path: String) -> OpaquePointer? {
        let bytes: [UInt8]
        switch path {
        case prefix + "Regular": bytes = PackageResources.NotoSansCJKjp_Regular_netsnap_otf
        case prefix + "Bold": bytes = PackageResources.NotoSansCJKjp_Bold_netsnap_otf
        default: return nil
        }
        // Duplicated: the blob outlives any borrow of the array's storage.
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    hb.hb_blob_create($0, UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
                }
            }
        }
    }
}
