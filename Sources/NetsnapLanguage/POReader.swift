/// Reads the entries of a PO file: `#,` flags, `msgctxt`, `msgid`, `msgid_plural`, `msgstr`
/// and `msgstr[N]`, each followed by continuation strings; comments are skipped.
struct POReader {
    let file: String
    private var entries: [MessageCatalogue.Entry] = []
    private var current = Draft()
    private var field: String?

    init(file: String) { self.file = file }

    private struct Draft {
        var context: String?
        var id: String?
        var pluralID: String?
        var forms: [Int: String] = [:]
        var isFuzzy = false
        var line = 0
    }

    mutating func read(_ text: String) throws -> [MessageCatalogue.Entry] {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            try take(line, number: index + 1)
        }
        try finish()
        return entries
    }

    private mutating func take(_ line: String, number: Int) throws {
        if line.isEmpty { return }
        if line.hasPrefix("#") {
            if line.hasPrefix("#,") {
                try finishIfComplete()
                current.isFuzzy = current.isFuzzy || line.contains("fuzzy")
            }
            return
        }
        if line.hasPrefix("\"") {
            guard let field else { throw error(number, "a string outside any msgid or msgstr") }
            try append(try Self.unquote(line, number, file), to: field, number)
            return
        }
        guard let space = line.firstIndex(of: " ") else { throw error(number, "expected a keyword and a string, found \"\(line)\"") }
        let keyword = String(line[..<space])
        let value = try Self.unquote(line[line.index(after: space)...].trimmingCharacters(in: .whitespaces), number, file)
        // A msgctxt or msgid after a whole entry begins the next one (a msgid right after its own
        // msgctxt finds no entry complete yet).
        if keyword == "msgctxt" || keyword == "msgid" { try finishIfComplete() }
        if keyword == "msgid" { current.line = number }
        switch keyword {
        case "msgctxt": current.context = ""
        case "msgid": current.id = ""
        case "msgid_plural": current.pluralID = ""
        default:
            guard let form = Self.formIndex(keyword) else { throw error(number, "unknown keyword \"\(keyword)\"") }
            current.forms[form] = ""
        }
        field = keyword
        try append(value, to: keyword, number)
    }

    private mutating func append(_ value: String, to keyword: String, _ number: Int) throws {
        switch keyword {
        case "msgctxt": current.context! += value
        case "msgid": current.id! += value
        case "msgid_plural": current.pluralID! += value
        default: current.forms[Self.formIndex(keyword)!]! += value
        }
    }

    private mutating func finishIfComplete() throws {
        if current.id != nil, !current.forms.isEmpty { try finish() }
    }

    private mutating func finish() throws {
        defer {
            current = Draft()
            field = nil
        }
        guard let id = current.id else { return }
        let forms = (0..<current.forms.count).compactMap { current.forms[$0] }
        guard forms.count == current.forms.count, !forms.isEmpty else {
            throw error(current.line, "msgid \"\(id)\" has no msgstr, or its msgstr[N] are not numbered from 0")
        }
        entries.append(
            .init(
                key: .init(context: current.context, id: id), pluralID: current.pluralID, forms: forms, isFuzzy: current.isFuzzy,
                line: current.line))
    }

    private static func formIndex(_ keyword: String) -> Int? {
        if keyword == "msgstr" { return 0 }
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]") else { return nil }
        return Int(keyword.dropFirst(7).dropLast())
    }

    private static func unquote(_ quoted: String, _ number: Int, _ file: String) throws -> String {
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
            throw CatalogueError(file: file, line: number, message: "expected a string in double quotes, found \(quoted)")
        }
        var result = ""
        var escaped = false
        for character in quoted.dropFirst().dropLast() {
            if escaped {
                result.append(["n": "\n", "t": "\t", "\"": "\"", "\\": "\\"][character] ?? character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    private func error(_ line: Int, _ message: String) -> CatalogueError { CatalogueError(file: file, line: line, message: message) }
}
