/// Names as file names, MQTT topic levels and ids: lower-case ASCII letters and digits, a run
/// of anything else as one `-`, trimmed, at most 64 characters. "Home Assistant" →
/// "home-assistant", "Küche NAS" → "k-che-nas"; a name with no letter or digit has none.
public enum Slug {
    static let maximumLength = 64

    public static func make(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            guard (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") else {
                pendingDash = true
                continue
            }
            if slug.unicodeScalars.count >= maximumLength { break }
            if pendingDash && !slug.isEmpty { slug.append("-") }
            pendingDash = false
            slug.unicodeScalars.append(scalar)
        }
        return slug
    }

    /// One slug per name, in order, each different: a repeated slug gets "-2", "-3"…; a name
    /// without letters or digits becomes `fallback`.
    public static func unique(_ names: [String], fallback: String = "target") -> [String] {
        var taken: Set<String> = []
        return names.map { name in
            let base = make(name).isEmpty ? fallback : make(name)
            var candidate = base
            var number = 2
            while !taken.insert(candidate).inserted {
                candidate = "\(base)-\(number)"
                number += 1
            }
            return candidate
        }
    }
}
