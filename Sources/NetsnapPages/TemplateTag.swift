import Foundation

/// A Mustache tag found in a template's text, with its line, so that problems the renderer
/// would pass over in silence — a partial that does not exist — or report only at the end of
/// the file — a section never closed — are named where they are.
struct TemplateTag: Equatable {
    /// The tag's first character when it is one of `#^/><$!=&{`, else nil (a plain value).
    let sigil: Character?
    let name: String
    /// 1-based line of the tag.
    let line: Int

    /// Every tag in `text`, in order. Templates here keep the default `{{ }}` delimiters; a
    /// template that changes them is scanned only up to the change.
    static func all(in text: String) -> [TemplateTag] {
        var tags: [TemplateTag] = []
        var line = 1
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            rest = rest[open.upperBound...]
            guard let first = rest.first, first != "=", let close = rest.range(of: "}}") else { break }
            let sigil = "#^/><$!&{".contains(first) ? first : nil
            let body = rest[(sigil == nil ? rest.startIndex : rest.index(after: rest.startIndex))..<close.lowerBound]
            tags.append(TemplateTag(sigil: sigil, name: body.trimmingCharacters(in: .whitespaces), line: line))
        }
        return tags
    }

    /// The partials `text` includes or inherits from (dynamic `{{>*name}}` ones aside).
    static func partials(in text: String) -> [TemplateTag] {
        all(in: text).filter { ($0.sigil == ">" || $0.sigil == "<") && !$0.name.hasPrefix("*") }
    }

    /// The innermost section (or block) of `text` that is opened and never closed.
    static func unclosedSection(in text: String) -> TemplateTag? {
        var open: [TemplateTag] = []
        for tag in all(in: text) {
            switch tag.sigil {
            case "#", "^", "$", "<": open.append(tag)
            case "/": if open.last?.name == tag.name { open.removeLast() }
            default: break
            }
        }
        return open.last
    }
}
