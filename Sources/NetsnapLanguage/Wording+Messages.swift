extension Wording {
    /// `phrase` in this language (the concrete overload lets callers write `.online`).
    public func callAsFunction(_ phrase: Phrase, _ values: KeyValuePairs<String, String> = [:]) -> String {
        text(phrase, values)
    }

    /// The form of `phrase` for `count` (the concrete overload lets callers write `.days`).
    public func callAsFunction(_ phrase: CountPhrase, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        text(phrase, count: count, values)
    }

    /// A message of another surface's enum, named with its type (`wording(PagePhrase.source)`).
    public func callAsFunction(_ phrase: some MessageText, _ values: KeyValuePairs<String, String> = [:]) -> String {
        text(phrase, values)
    }

    /// A counted message of another surface's enum.
    public func callAsFunction(_ phrase: some CountedMessageText, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        text(phrase, count: count, values)
    }

    /// `phrase` in this language, its `{name}` placeholders filled from `values`.
    public func text(_ phrase: some MessageText, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let key = catalogueKey(phrase.rawValue)
        // The LED forms are bounded (8 letters) by contract: the pseudo-locale keeps them.
        let text = catalogue?.forms(of: key)?.first ?? (key.context == "LED" ? key.id : source(key.id))
        return Self.fill(text, values)
    }

    /// The form of `phrase` for `count` by the language's plural rule (one, few, many, …),
    /// with `{count}` in the locale's digits and the other placeholders from `values`.
    public func text(_ phrase: some CountedMessageText, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let text: String
        if let catalogue, let forms = catalogue.forms(of: catalogueKey(phrase.rawValue)) {
            text = forms[min(catalogue.pluralRule.form(for: count), forms.count - 1)]
        } else {
            text = source(count == 1 ? catalogueKey(phrase.rawValue).id : phrase.plural)
        }
        return Self.fill(text, [("count", integer(count))] + values.map { ($0.key, $0.value) })
    }

    private func source(_ english: String) -> String { isPseudo ? PseudoLocale.stretch(english) : english }

    /// Replaces each `{name}` by its value (the first given for it); a name without one stays
    /// as it is. One pass over `text`: braces inside a value (a target named "{reason}") are
    /// the value's own, never filled in turn.
    static func fill(_ text: String, _ values: some Sequence<(String, String)>) -> String {
        let table = Dictionary(values.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }), rest[close] == "}",
                let value = table[String(rest[afterOpen..<close])]
            else {
                result += "{"
                rest = rest[afterOpen...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        values.isEmpty ? text : fill(text, values.map { ($0.key, $0.value) })
    }
}
