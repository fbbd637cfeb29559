/// Shortens registry organisation names for display: "Apple, Inc." → "Apple",
/// "TP-LINK TECHNOLOGIES CO.,LTD." → "TP-LINK TECHNOLOGIES". Only legal-form suffixes are
/// removed, so the name stays recognisable and nothing is guessed.
public enum VendorName {
    /// Legal forms dropped from the end of a name, compared without case and punctuation.
    static let legalSuffixes: Set<String> = [
        "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "llc", "gmbh", "ag", "sa",
        "bv", "nv", "plc", "oy", "ab", "kg", "srl", "spa", "pty", "as", "aps", "kk", "sas", "sarl", "coltd",
    ]

    /// `organisation` without trailing legal-form words and punctuation.
    public static func clean(_ organisation: String) -> String {
        var words = organisation.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        while words.count > 1, let last = words.last, legalSuffixes.contains(normalised(last)) {
            words.removeLast()
        }
        return words.joined(separator: " ")
    }

    private static func normalised(_ word: String) -> String {
        String(word.lowercased().filter { $0.isLetter })
    }
}
