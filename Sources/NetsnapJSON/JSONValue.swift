/// A parsed JSON value. Objects keep their members in document order as a list of pairs:
/// snapshot objects hold about ten keys, where a linear scan beats hashing.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON text's numbers are read as `Double` (integers exactly up to 2^53).
    case number(Double)
    /// A string, its escapes resolved.
    case string(String)
    /// An array's elements, in order.
    case array([JSONValue])
    /// An object's members in document order, repeated keys included.
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object (the last one if repeated), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// Values are equal when they are the same kind with equal contents; objects compare
    /// their members in order, keys included.
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
}
