import Foundation

/// A `{{> name}}` (or inheriting `{{< name}}`) tag found in a template's text, so that a
/// reference to a partial that does not exist is reported instead of rendering as nothing.
struct PartialReference: Equatable {
    let name: String
    /// 1-based line of the tag.
    let line: Int

    /// Every partial reference in `text`, in order. Templates here keep the default `{{ }}`
    /// delimiters; a template that changes them is checked only up to the change.
    static func all(in text: String) -> [PartialReference] {
        var references: [PartialReference] = []
        var line = 1
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            rest = rest[open.upperBound...]
            guard let sigil = rest.first else { break }
            if sigil == "=" { break }
            guard sigil == ">" || sigil == "<", let close = rest.range(of: "}}") else { continue }
            let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.hasPrefix("*") { references.append(PartialReference(name: name, line: line)) }
        }
        return references
    }
}
