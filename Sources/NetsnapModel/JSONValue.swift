/// A parsed JSON value. Objects keep their members in document order as a list of pairs:
/// snapshot objects hold about ten keys, where a linear scan beats hashing.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object (the last one if repeated), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// A short description of the value for error messages ("a string", "-1", "null").
    public var briefDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JSONWriter.format(value)
        case .string(let value):
            // Scalars, not characters: one "character" can be megabytes of combining marks.
            // Escaped, because the message ends up on a terminal or in a log.
            let head = value.unicodeScalars.prefix(41)
            let shown = head.count > 40 ? String(head.prefix(40)) + "…" : value
            return "\"\(TextHygiene.escapingControls(shown))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
