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
        // Lines by bytes, not Characters: a process that speaks a language parses its whole
        // catalogue at start, and grapheme-by-grapheme splitting cost 15 ms of a 45 ms tile.
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
        for (index, raw) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.drop { blank.contains($0) }.reversed().drop { blank.contains($0) }.reversed()
            try take(String(decoding: trimmed, as: UTF8.self), number: index + 1)
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
        let value = try Self.unquote(String(line[line.index(after: space)...].drop { $0 == " " || $0 == "\t" }), number, file)
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
        guard quoted.utf8.contains(UInt8(ascii: "\\")) else { return String(quoted.dropFirst().dropLast()) }
        var result = String.UnicodeScalarView()
        var escaped = false
        for scalar in quoted.unicodeScalars.dropFirst().dropLast() {
            if escaped {
                result.append(["n": "\n", "t": "\t", "\"": "\"", "\\": "\\"][scalar] ?? scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private func error(_ line: Int, _ message: String) -> CatalogueError { CatalogueError(file: file, line: line, message: message) }
}
