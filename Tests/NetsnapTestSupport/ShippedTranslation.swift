import Foundation
import NetsnapLanguage

/// What a shipped catalogue (`po/LANG.po`) says for a message, read from the file itself: a
/// test compares a surface's words with the translator's, rather than restating them.
public enum ShippedTranslation {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../po").standardized

    /// The catalogue has no translation of a message.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// `phrase` as `language`'s catalogue (`de`) translates it, `{name}` filled from `values`.
    public static func text(_ phrase: some MessageText, in language: String, _ values: [String: String] = [:]) throws -> String {
        try forms(phrase.rawValue, in: language, values)[0]
    }

    /// Every plural form of `phrase` in `language`'s catalogue, in its rule's order.
    public static func forms(_ phrase: some CountedMessageText, in language: String, _ values: [String: String] = [:]) throws -> [String] {
        try forms(phrase.rawValue, in: language, values)
    }

    private static func forms(_ raw: String, in language: String, _ values: [String: String]) throws -> [String] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(language).po"), encoding: .utf8)
        let catalogue = try MessageCatalogue(parsing: text, file: "\(language).po")
        // gettext's key: an optional context, U+0004, the English.
        let parts = raw.split(separator: "\u{04}", maxSplits: 1).map(String.init)
        let key = parts.count == 2 ? MessageCatalogue.Key(context: parts[0], id: parts[1]) : MessageCatalogue.Key(id: raw)
        guard let forms = catalogue.forms(of: key) else { throw Missing(description: "\(language).po has no translation of \(raw)") }
        return forms.map { form in values.reduce(form) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) } }
    }
}
