import NetsnapWidgets

/// Site ids as folder names below `sites/`. An id that already is a slug keeps its name;
/// any other (upper case, dots, `../x`, control characters) becomes its slug plus a hash of
/// the id, so two ids that make the same slug stay apart, whatever order they arrive in.
enum SiteSlug {
    /// One distinct slug per id.
    static func slugs(for ids: [String]) -> [String: String] {
        var taken: Set<String> = []
        var result: [String: String] = [:]
        for id in ids.sorted() {
            let base = Slug.make(id)
            var candidate = base == id && !base.isEmpty ? base : "\(base.isEmpty ? "site" : String(base.prefix(40)))-\(hash(id))"
            var number = 2
            // Only a safe id that happens to look like another's hashed slug gets here.
            while !taken.insert(candidate).inserted {
                candidate = "\(base.isEmpty ? "site" : String(base.prefix(40)))-\(hash(id))-\(number)"
                number += 1
            }
            result[id] = candidate
        }
        return result
    }

    /// FNV-1a over the id's UTF-8 bytes, as 8 hex digits: stable across runs and versions.
    static func hash(_ id: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        let text = String(value & 0xffff_ffff, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
