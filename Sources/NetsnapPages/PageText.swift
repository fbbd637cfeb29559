import Mustache
import NetsnapLanguage

/// The pages' fixed words in the page's language, as `t` in every page's context:
/// `{{t.session}}` is `PagePhrase.session` (or, for the words the pages share with the tiles,
/// `Phrase`'s case of that name) as the household reads it. Looked up when a template asks,
/// so a page pays only for the words it shows; a name that is no message renders nothing.
struct PageText: Sendable, MustacheParent {
    let wording: Wording

    func child(named name: String) -> Any? {
        if let phrase = Self.pagePhrases[name] { return wording(phrase) }
        if let phrase = Self.phrases[name] { return wording(phrase) }
        if let phrase = Self.mapPhrases[name] { return wording(phrase) }
        if let phrase = Self.speedPhrases[name] { return wording(phrase) }
        return nil
    }

    /// The names of `text`'s `{name}` placeholders, in order.
    static func placeholders(_ text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static let pagePhrases = Dictionary(uniqueKeysWithValues: PagePhrase.allCases.map { ("\($0)", $0) })
    static let phrases = Dictionary(uniqueKeysWithValues: Phrase.allCases.map { ("\($0)", $0) })
    /// The map's words, after the two above (a name they share, "unknown", is theirs).
    static let mapPhrases = Dictionary(uniqueKeysWithValues: MapPhrase.allCases.map { ("\($0)", $0) })
    /// The speed page's words, after the map's (the dashboard's "download" and "upload" are theirs).
    static let speedPhrases = Dictionary(uniqueKeysWithValues: SpeedPhrase.allCases.map { ("\($0)", $0) })
}
