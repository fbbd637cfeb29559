import Foundation
import NetsnapJSON
import NetsnapModel

extension JSONValue {
    /// An RFC 3339 UTC date.
    static func date(_ date: Date) -> JSONValue { .string(RFC3339.format(date)) }

    /// A string, or `null` when absent.
    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// A number, or `null` when absent (never zero).
    static func optional(_ number: Double?) -> JSONValue { number.map(JSONValue.number) ?? .null }

    /// An integer, or `null` when absent.
    static func optional(_ number: Int?) -> JSONValue { number.map { .number(Double($0)) } ?? .null }
}
