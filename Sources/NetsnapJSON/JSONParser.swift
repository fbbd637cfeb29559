import Foundation

/// A strict JSON (RFC 8259) parser over UTF-8 bytes that reports the line and column of
/// the first syntax error. Foundation's parsers give neither, and users editing a snapshot
/// by hand need both.
public struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    /// Where the text starts: after a UTF-8 byte order mark, which columns do not count.
    var textStart = 0
    var depth = 0
    private static let maximumDepth = 512

    /// Reads the value of a top-level member itself, from its first byte, giving the value to
    /// keep and the index after it; nil leaves the member to the parser.
    public typealias MemberShortcut = (_ key: String, _ bytes: [UInt8], _ start: Int) -> (value: JSONValue, end: Int)?
    private var shortcut: MemberShortcut?

    /// Parses one complete JSON text; trailing non-whitespace is an error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, shortcut: nil)
    }

    /// `parse`, letting `shortcut` read top-level members it knows a faster way to (the
    /// snapshot decoder reads `devices` with `FlatObjectArrayScanner`).
    public static func parse(_ bytes: [UInt8], shortcut: MemberShortcut?) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.shortcut = shortcut
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            textStart = 3
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()), expected a JSON value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after an object key")
            skipWhitespace()
            if depth == 1, let shortcut, let (value, end) = shortcut(key, bytes, index) {
                members.append((key, value))
                index = end
            } else {
                members.append((key, try parseValue()))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                break
            }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                break
            }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("unexpected end of JSON") }
        guard bytes[index] == byte else { throw error("unexpected \(describeCurrent()), expected \(what)") }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of JSON" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[min(textStart, index)..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
