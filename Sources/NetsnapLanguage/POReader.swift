import Glibc

/// Reads the entries of a PO file: `#,` flags, `msgctxt`, `msgid`, `msgid_plural`, `msgstr`
/// and `msgstr[N]`, each followed by continuation strings; comments are skipped.
///
/// It works on the file's bytes, gathers each value's unescaped bytes in one scratch buffer
/// and makes a String only once its entry ends. Indexing, it makes none but the header's: it
/// checks every line as reading does and notes where each translated entry lies, by its key's
/// hash (`CatalogueIndex`), for a catalogue that reads an entry only when it is asked for.
struct POReader {
    let file: String
    private let indexing: Bool
    private var entries: [MessageCatalogue.Entry] = []
    private(set) var locations: [CatalogueIndex.Location] = []
    private var current = Draft()
    private var field: Field?

    init(file: String, indexing: Bool = false) {
        self.file = file
        self.indexing = indexing
    }

    /// An entry being read: each field a range of `bytes`, which continuation strings extend.
    private struct Draft {
        var bytes: [UInt8] = []
        var context: Range<Int>?
        var id: Range<Int>?
        var pluralID: Range<Int>?
        var forms: [Range<Int>?] = []
        var isFuzzy = false
        var line = 0
        /// The offset in the file of its first keyword's line.
        var start = 0
        var isComplete: Bool { id != nil && !forms.isEmpty }

        func string(_ range: Range<Int>) -> String { bytes.withUnsafeBufferPointer { POReader.string(.init(rebasing: $0[range])) } }

        /// Empty for the next entry, the buffer's memory kept.
        mutating func reset() {
            bytes.removeAll(keepingCapacity: true)
            forms.removeAll(keepingCapacity: true)
            (context, id, pluralID, isFuzzy, line, start) = (nil, nil, nil, false, 0, 0)
        }
    }

    /// The field that continuation strings append to.
    private enum Field: Equatable {
        case context, id, pluralID
        case form(Int)
    }

    mutating func read(_ bytes: [UInt8]) throws -> [MessageCatalogue.Entry] {
        try bytes.withUnsafeBufferPointer { try read($0) }
    }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [MessageCatalogue.Entry] {
        var start = 0
        var number = 1
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var first = start
            var last = end
            while first < last, Self.isBlank(bytes[first]) { first += 1 }
            while last > first, Self.isBlank(bytes[last - 1]) { last -= 1 }
            try take(UnsafeBufferPointer(rebasing: bytes[first..<last]), number: number, offset: start)
            start = end + 1
            number += 1
        }
        try finish()
        endLastLocation(at: bytes.count)
        return entries
    }

    private mutating func take(_ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int) throws {
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
            try append(line, to: field, number)
            return
        }
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else {
            throw error(number, "expected a keyword and a string, found \"\(String(decoding: line, as: UTF8.self))\"")
        }
        let keyword = UnsafeBufferPointer(rebasing: line[..<space])
        var valueStart = space
        while valueStart < line.count, Self.isBlank(line[valueStart]) { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: line[valueStart...])
        guard let next = Self.field(keyword) else {
            throw error(number, "unknown keyword \"\(String(decoding: keyword, as: UTF8.self))\"")
        }
        // A msgctxt or msgid after a whole entry begins the next one (a msgid right after its own
        // msgctxt finds no entry complete yet).
        if next == .context || next == .id {
            try finishIfComplete()
            if current.context == nil, current.id == nil {
                current.start = offset
                endLastLocation(at: offset)
            }
        }
        let empty = current.bytes.count..<current.bytes.count
        switch next {
        case .context: current.context = empty
        case .id:
            current.id = empty
            current.line = number
        case .pluralID: current.pluralID = empty
        case .form(let index):
            while current.forms.count <= index { current.forms.append(nil) }
            current.forms[index] = empty
        }
        field = next
        try append(value, to: next, number)
    }

    /// Unquotes `quoted` onto the scratch buffer and extends `field` over it: a field's
    /// strings are always the buffer's last bytes, as only the field last named is extended.
    private mutating func append(_ quoted: UnsafeBufferPointer<UInt8>, to field: Field, _ number: Int) throws {
        try unquote(quoted, number)
        let end = current.bytes.count
        switch field {
        case .context: current.context = current.context!.lowerBound..<end
        case .id: current.id = current.id!.lowerBound..<end
        case .pluralID: current.pluralID = current.pluralID!.lowerBound..<end
        case .form(let index): current.forms[index] = current.forms[index]!.lowerBound..<end
        }
    }

    private mutating func finishIfComplete() throws {
        if current.isComplete { try finish() }
    }

    private mutating func finish() throws {
        defer {
            current.reset()
            field = nil
        }
        guard let idRange = current.id else { return }
        let forms = current.forms.compactMap { $0 }
        guard forms.count == current.forms.count, !forms.isEmpty else {
            throw error(current.line, "msgid \"\(current.string(idRange))\" has no msgstr, or its msgstr[N] are not numbered from 0")
        }
        if indexing, !idRange.isEmpty { return note(id: idRange, forms: forms) }
        let id = current.string(idRange)
        entries.append(
            .init(
                key: .init(context: current.context.map(current.string), id: id), pluralID: current.pluralID.map(current.string),
                forms: forms.map(current.string), isFuzzy: current.isFuzzy, line: current.line))
    }

    /// Indexing: where the entry just read lies, if it has a translation to give.
    private mutating func note(id: Range<Int>, forms: [Range<Int>]) {
        guard !current.isFuzzy, !forms.contains(where: \.isEmpty) else { return }
        var hash = CatalogueKeyHash()
        if let context = current.context {
            hash.add(current.bytes[context])
            hash.add(0x04)
        }
        hash.add(current.bytes[id])
        locations.append(.init(hash: hash.value, start: current.start, end: -1))
    }

    /// An entry noted lies up to the next entry's first keyword, or the file's end.
    private mutating func endLastLocation(at offset: Int) {
        if let last = locations.indices.last, locations[last].end < 0 { locations[last].end = offset }
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

    /// Appends the string `quoted` holds, escapes undone, to the scratch buffer.
    private mutating func unquote(_ quoted: UnsafeBufferPointer<UInt8>, _ number: Int) throws {
        guard quoted.count >= 2, quoted.first == UInt8(ascii: "\""), quoted.last == UInt8(ascii: "\"") else {
            throw error(number, "expected a string in double quotes, found \(String(decoding: quoted, as: UTF8.self))")
        }
        let inner = UnsafeBufferPointer(rebasing: quoted[1..<(quoted.count - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else { return current.bytes.append(contentsOf: inner) }
        var escaped = false
        for byte in inner {
            if escaped {
                current.bytes.append(Self.unescaped(byte))
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                current.bytes.append(byte)
            }
        }
    }

    /// `bytes` as UTF-8, repaired where invalid. Not `String(decoding:as:)`, which is generic
    /// over its collection and asks the runtime, at its first use in a process, which
    /// protocols that collection conforms to: a search of every conformance in the binary.
    fileprivate static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
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
        let first = word.utf8Start.pointee
        return (0...(line.count - count)).contains {
            line[$0] == first && equals(UnsafeBufferPointer(rebasing: line[$0..<($0 + count)]), word)
        }
    }

    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && (bytes.isEmpty || memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0)
    }

    private func error(_ line: Int, _ message: String) -> CatalogueError { CatalogueError(file: file, line: line, message: message) }
}
