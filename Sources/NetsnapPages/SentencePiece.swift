import Mustache

/// One piece of a translated sentence cut at its `{name}` placeholders, so a template can
/// put markup — a live number, a link, a time — where each placeholder stands, wherever a
/// translation moved it:
///
///     {{#heading}}{{text}}{{#online}}<span data-bind="…">{{value}}</span>{{/online}}{{/heading}}
///
/// In every piece each placeholder's name is true where the piece is that placeholder and
/// false elsewhere (never looked up in an outer context, where a value of the same name
/// may be); `text` is the words between, escaped by the template like any value.
struct SentencePiece: Sendable, MustacheParent {
    let text: String
    let slot: String?
    let slots: [String]

    func child(named name: String) -> Any? {
        if name == "text" { return text }
        if slots.contains(name) { return name == slot }
        return nil
    }

    /// `sentence` cut at the placeholders named in `slots`; any other `{…}` stays text.
    static func pieces(_ sentence: String, slots: [String]) -> [SentencePiece] {
        var pieces: [SentencePiece] = []
        var text = ""
        var rest = sentence[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"), slots.contains(String(rest[rest.index(after: open)..<close])) else {
                text.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            if !text.isEmpty { pieces.append(SentencePiece(text: text, slot: nil, slots: slots)) }
            pieces.append(SentencePiece(text: "", slot: String(rest[rest.index(after: open)..<close]), slots: slots))
            text = ""
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { pieces.append(SentencePiece(text: text, slot: nil, slots: slots)) }
        return pieces
    }
}
