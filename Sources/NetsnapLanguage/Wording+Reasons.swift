import Foundation

extension Wording {
    /// `text`, why a target is down as a snapshot carries it ("connection refused", "timed out
    /// after 0.5 s"), in this language: the first `ReasonPhrase` whose English form it has,
    /// translated and filled with its values (the seconds and sizes in the locale's digits).
    /// A text of no known form, and any text in the POSIX locale, is returned as it is.
    public func reason(_ text: String) -> String {
        guard catalogue != nil || isPseudo else { return text }
        for (phrase, parts) in ReasonTemplate.all {
            guard let values = Self.match(Substring(text), parts[...]) else { continue }
            return Self.fill(self(phrase), localized(values))
        }
        return text
    }

    /// Each `{name}`'s text where `text` has the form of `template`; nil when it has not.
    /// A value is at least one character and as short as the rest allows.
    static func values(of text: String, in template: String) -> [(String, String)]? {
        match(Substring(text), ReasonTemplate.parts(of: template)[...])
    }

    private static func match(_ text: Substring, _ parts: ArraySlice<ReasonTemplate.Part>) -> [(String, String)]? {
        guard let first = parts.first else { return text.isEmpty ? [] : nil }
        switch first {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return nil }
            return match(text.dropFirst(literal.count), parts.dropFirst())
        case .value(let name):
            var end = text.startIndex
            while end < text.endIndex {
                end = text.index(after: end)
                if let rest = match(text[end...], parts.dropFirst()) { return [(name, String(text[..<end]))] + rest }
            }
            return nil
        }
    }

    /// The values as this language writes them: seconds and sizes in its digits, ages in its
    /// words ("5 min" → "5 Min.").
    private func localized(_ values: [(String, String)]) -> [(String, String)] {
        values.map { name, value in
            if name == "age", let seconds = Self.posixAgeSeconds(value) { return (name, age(seconds)) }
            guard name == "seconds" || name == "size", let number = Double(value) else { return (name, value) }
            let decimals = value.split(separator: ".").dropFirst().first.map { min($0.count, 3) } ?? 0
            return (name, decimals == 0 ? integer(Int(number)) : decimal(number, fractionDigits: decimals))
        }
    }
}

extension Wording {
    /// The seconds of an age as `Wording.posix.age` words it ("42 s", "5 min", "2 h", "1 day",
    /// "3 days"); nil for any other text.
    static func posixAgeSeconds(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let count = Int(parts[0]), count >= 0 else { return nil }
        let units: [Substring: Double] = ["s": 1, "min": 60, "h": 3_600, "day": 86_400, "days": 86_400]
        return units[parts[1]].map { Double(count) * $0 }
    }
}

/// A reason's English form cut into its fixed words and its `{name}` values.
enum ReasonTemplate {
    enum Part: Equatable {
        case literal(String)
        case value(String)
    }

    /// Every reason with its parts, in `ReasonPhrase`'s order.
    static let all: [(ReasonPhrase, [Part])] = ReasonPhrase.allCases.map { ($0, parts(of: $0.rawValue)) }

    static func parts(of template: String) -> [Part] {
        var parts: [Part] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.value(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        return parts
    }
}
