import NetsnapJSON

extension JSONValue {
    /// A short description of the value for error messages ("a string", "-1", "null").
    /// Here rather than in NetsnapJSON: the text shown comes from a snapshot, so it is
    /// escaped with `TextHygiene` before it reaches a terminal or a log.
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
