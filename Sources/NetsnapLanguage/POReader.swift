import Glibc

/// Reads the entries of a PO file: `#,` flags, `msgctxt`, `msgid`, `msgid_plural`, `msgstr`
/// and `msgstr[N]`, each followed by continuation strings; comments are skipped.
///
/// It works on the file's bytes and makes a String only for each value: a process that speaks
/// a language parses its whole catalogue at start, and line-by-line Strings cost 5 ms of a
/// 40 ms tile.
struct POReader {
    let file: String
    private var entries: [MessageCatalogue.Entry] = []
    private var current = Draft()
    private var field: Field?

    init(file: String) { self.file = file }

    private struct Draft {
        var context: String?
        var id: String?
        var pluralID: String?
        var forms: [String?] = []
        var isFuzzy = false
        var line = 0
        var isComplete: Bool { id != nil && !forms.isEmpty }
    }

    /// The field that continuation strings append to.
    private enum Field: Equatable {
        case context, id, pluralID
        case form(Int)
    }

    mutating func read(_ bytes: [UInt8]) throws -> [MessageCatalogue.Entry] {
        try bytes.withUnsafeBufferPointer { try read($0) }
    }

    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [MessageCatalogue.Entry] {
        var start = 0
        var number = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var first = start
            var last = end
            while first < last, Self.isBlank(bytes[first]) { first += 1 }
            while last > first, Self.isBlank(bytes[last - 1]) { last -= 1 }
            try take(UnsafeBufferPointer(rebasing: bytes[first..<last]), number: number)
            start = end + 1
            number += 1
        }
        try finish()
        return entries
    }

    private mutating func take(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        guard let head = line.first else { return }
        if head == UInt8(ascii: "#") {
            if line.count > 1, line[1] == UInt8(ascii: ",") {
                try finishIfComplete()
                current.isFuzzy = current.isFuzzy || Self.contains(line, "fuzzy")
            }
            return
        }
        if head == UInt8(ascii: "\"") {
            guard let field else { throw error(number, "a string outside any msgid or msgstr") }
            append(try unquote(line, number), to: field)
            return
        }
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else {
            throw error(number, "expected a keyword and a string, found \"\(String(decoding: line, as: UTF8.self))\"")
        }
        let keyword = UnsafeBufferPointer(rebasing: line[..<space])
        var valueStart = space
        while valueStart < line.count, Self.isBlank(line[valueStart]) { valueStart += 1 }
        let value = try unquote(UnsafeBufferPointer(rebasing: line[valueStart...]), number)
        guard let next = Self.field(keyword) else {
            throw error(number, "unknown keyword \"\(String(decoding: keyword, as: UTF8.self))\"")
        }
        // A msgctxt or msgid after a whole entry begins the next one (a msgid right after its own
        // msgctxt finds no entry complete yet).
        if next == .context || next == .id { try finishIfComplete() }
        switch next {
        case .context: current.context = ""
        case .id:
            current.id = ""
            current.line = number
        case .pluralID: current.pluralID = ""
        case .form(let index):
            while current.forms.count <= index { current.forms.append(nil) }
            current.forms[index] = ""
        }
        field = next
        append(value, to: next)
    }

    private mutating func append(_ value: String, to field: Field) {
        switch field {
        case .context: current.context! += value
        case .id: current.id! += value
        case .pluralID: current.pluralID! += value
        case .form(let index): current.forms[index]! += value
        }
    }

    private mutating func finishIfComplete() throws {
        if current.isComplete { try finish() }
    }

    private mutating func finish() throws {
        defer {
            current = Draft()
            field = nil
        }
        guard let id = current.id else { return }
        let forms = current.forms.compactMap { $0 }
        guard forms.count == current.forms.count, !forms.isEmpty else {
            throw error(current.line, "msgid \"\(id)\" has no msgstr, or its msgstr[N] are not numbered from 0")
        }
        entries.append(
            .init(
                key: .init(context: current.context, id: id), pluralID: current.pluralID, forms: forms, isFuzzy: current.isFuzzy,
                line: current.line))
    }

    private static func field(_ keyword: UnsafeBufferPointer<UInt8>) -> Field? {
        if Self.equals(keyword, "msgctxt") { return .context }
        if Self.equals(keyword, "msgid") { return .id }
        if Self.equals(keyword, "msgid_plural") { return .pluralID }
        if Self.equals(keyword, "msgstr") { return .form(0) }
        guard keyword.count > 8, Self.equals(UnsafeBufferPointer(rebasing: keyword[..<7]), "msgstr["), keyword.last == UInt8(ascii: "]")
        else { return nil }
        let digits = keyword[7..<(keyword.count - 1)]
        guard digits.count <= 2, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let index = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return index < 16 ? .form(index) : nil
    }

    private func unquote(_ quoted: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> String {
        guard quoted.count >= 2, quoted.first == UInt8(ascii: "\""), quoted.last == UInt8(ascii: "\"") else {
            throw error(number, "expected a string in double quotes, found \(String(decoding: quoted, as: UTF8.self))")
        }
        let inner = UnsafeBufferPointer(rebasing: quoted[1..<(quoted.count - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else { return Self.string(inner) }
        var result: [UInt8] = []
        result.reserveCapacity(inner.count)
        var escaped = false
        for byte in inner {
            if escaped {
                result.append(Self.unescaped(byte))
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                result.append(byte)
            }
        }
        return result.withUnsafeBufferPointer(Self.string)
    }

    /// `bytes` as UTF-8, repaired where invalid. Not `String(decoding:as:)`, which is generic
    /// over its collection and asks the runtime, at its first use in a process, which
    /// protocols that collection conforms to: a search of every conformance in the binary.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    /// The byte an escape stands for (`\n`, `\t`); `\"`, `\\` and any other stand for themselves.
    private static func unescaped(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "n"): UInt8(ascii: "\n")
        case UInt8(ascii: "t"): UInt8(ascii: "\t")
        default: byte
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func contains(_ line: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard line.count >= count else { return false }
        return (0...(line.count - count)).contains { equals(UnsafeBufferPointer(rebasing: line[$0..<($0 + count)]), word) }
    }

    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && (bytes.isEmpty || memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0)
    }

    private func error(_ line: Int, _ message: String) -> CatalogueError { CatalogueError(file: file, line: line, message: message) }
}
