/// One language's translations, read from a gettext PO file: each message's forms by its
/// English text (and context, where one English text means two things), and the plural rule.
/// Entries marked fuzzy or left empty are skipped, so the English text shows instead, as
/// gettext does.
public struct MessageCatalogue: Sendable {
    /// A message's key: its context, if any, and its English text.
    public struct Key: Hashable, Sendable {
        public var context: String?
        public var id: String
        public init(context: String? = nil, id: String) {
            self.context = context
            self.id = id
        }
    }

    /// One entry as written in the file, fuzzy or not.
    public struct Entry: Sendable, Equatable {
        public var key: Key
        public var pluralID: String?
        /// `msgstr`, or `msgstr[0]`, `msgstr[1]`, … in order.
        public var forms: [String]
        public var isFuzzy: Bool
        /// The line of its `msgid`, for errors that name it.
        public var line: Int
    }

    /// The rule choosing among plural forms; English's when the header gives none.
    public let pluralRule: PluralRule
    /// The header's `Language`, e.g. `pt_BR`.
    public let language: String?
    private let file: String
    private let bytes: [UInt8]
    private let index: CatalogueIndex

    /// Every entry but the header, in file order, read anew from the file.
    public var entries: [Entry] {
        var reader = POReader(file: file)
        return ((try? reader.read(bytes)) ?? []).filter { !$0.key.id.isEmpty }
    }

    /// Checks PO text and indexes it; throws `CatalogueError` naming the line of anything malformed.
    public init(parsing text: String, file: String) throws {
        try self.init(parsing: Array(text.utf8), file: file)
    }

    /// Checks and indexes a PO file's bytes (UTF-8), as `init(parsing:file:)` its text.
    public init(parsing bytes: [UInt8], file: String) throws {
        var reader = POReader(file: file, indexing: true)
        let header = try reader.read(bytes).first { $0.key.id.isEmpty }?.forms.first ?? ""
        let fields = Self.headerFields(header)
        if let forms = fields["Plural-Forms"] {
            guard let rule = PluralRule(header: forms) else {
                throw CatalogueError(
                    file: file, line: 1, message: "Plural-Forms: expected nplurals=N; plural=EXPRESSION;, found \"\(forms)\"")
            }
            pluralRule = rule
        } else {
            pluralRule = .germanic
        }
        language = fields["Language"]
        self.file = file
        self.bytes = bytes
        index = CatalogueIndex(reader.locations)
    }

    /// The translated forms of `key`, or nil when the catalogue has none (or only a fuzzy or
    /// empty one): its entry read from the file.
    public func forms(of key: Key) -> [String]? {
        for location in index.locations(hashed: CatalogueKeyHash(key).value) {
            var reader = POReader(file: file)
            let entry = bytes.withUnsafeBufferPointer { try? reader.read(.init(rebasing: $0[location.start..<location.end])).first }
            if let entry, entry.key == key { return entry.forms }
        }
        return nil
    }

    private static func headerFields(_ header: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in header.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...].trimmingBlanks)
        }
        return fields
    }
}

/// A catalogue that could not be read: the file, the line and what was wrong there.
public struct CatalogueError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

extension Substring {
    /// Without the spaces and tabs around it. Foundation's `trimmingCharacters(in:)` would do,
    /// but its first call costs a process 0.7 ms of the runtime's conformance lookups.
    var trimmingBlanks: Substring {
        var trimmed = self
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed
    }
}
