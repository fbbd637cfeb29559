/// The pseudo-locale `en-XA`: each English message with its letters accented and about 40 %
/// added, bracketed, so a test can see that no language's longer words are cut or collide
/// before a translator writes them.
enum PseudoLocale {
    static let identifier = "en-XA"

    private static let accents: [Character: Character] = [
        "a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "c": "ç", "n": "ñ", "y": "ý", "s": "š", "z": "ž",
        "A": "Å", "E": "É", "I": "Î", "O": "Ø", "U": "Ü", "C": "Ç", "N": "Ñ", "S": "Š", "D": "Ð", "Y": "Ý",
    ]

    /// "Updated {time}" → "[Üpdátéd {time} ~~~~]": placeholders are kept as they are. Units
    /// and symbols ("{value} ms", "GW": under four letters) stay as they are, as translators
    /// keep them.
    static func stretch(_ english: String) -> String {
        guard english.replacing(/\{[a-z]+\}/, with: "").filter(\.isLetter).count >= 4 else { return english }
        var result = ""
        var inPlaceholder = false
        for character in english {
            if character == "{" { inPlaceholder = true }
            if inPlaceholder {
                result.append(character)
            } else {
                result.append(accents[character] ?? character)
            }
            if character == "}" { inPlaceholder = false }
        }
        // 40 % of the English, brackets and space included.
        let padding = (english.count * 4 + 9) / 10
        return "[" + result + " " + String(repeating: "~", count: max(0, padding - 3)) + "]"
    }
}
