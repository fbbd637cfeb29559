import Foundation

/// A strict JSON (RFC 8259) parser over UTF-8 bytes that reports the line and column of
/// the first syntax error. Foundation's parsers give neither, and users editing a snapshot
/// by hand need both.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// Where the text starts: after a UTF-8 byte order mark, which columns do not count.
    private var textStart = 0
    private var depth = 0
    private static let maximumDepth = 512

    /// Reads the value of a top-level member itself, from its first byte, giving the value to
    /// keep and the index after it; nil leaves the member to the parser.
    typealias MemberShortcut = (_ key: String, _ bytes: [UInt8], _ start: Int) -> (value: JSONValue, end: Int)?
    private var shortcut: MemberShortcut?

    /// Parses one complete JSON text; trailing non-whitespace is an error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, shortcut: nil)
    }

    /// `parse`, letting `shortcut` read top-level members it knows a faster way to.
    static func parse(_ bytes: [UInt8], shortcut: MemberShortcut?) throws(JSONSyntaxError) -> JSONValue {
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
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
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
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
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
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        let contentStart = index
        var hasEscapes = false
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = bytes[contentStart..<index]
                index += 1
                if !hasEscapes {
                    // ASCII needs no validation, and the generic validating initializer is
                    // costly when called for every string of a large snapshot.
                    if isASCII { return String(decoding: content, as: UTF8.self) }
                    guard let text = String(validating: content, as: UTF8.self) else {
                        index = start
                        throw error("string is not valid UTF-8")
                    }
                    return text
                }
                return try unescape(content, at: start)
            }
            if byte >= 0x80 { isASCII = false }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 2
                continue
            }
            if byte < 0x20 { throw error("control character in a string (escape it as \\u\(hex4(UInt16(byte))))") }
            index += 1
        }
        index = bytes.count
        throw error("unexpected end of JSON inside a string")
    }

    private mutating func unescape(_ content: ArraySlice<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var position = content.startIndex
        while position < content.endIndex {
            let byte = content[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1
            guard position < content.endIndex else { index = escapeStart; throw error("unfinished escape") }
            switch content[position] {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexUnit(content, at: position + 1) else {
                    index = escapeStart
                    throw error("\\u must be followed by four hex digits")
                }
                position += 4
                var scalarValue = UInt32(unit)
                if (0xD800...0xDBFF).contains(unit) {
                    guard position + 2 < content.endIndex, content[position + 1] == UInt8(ascii: "\\"),
                        content[position + 2] == UInt8(ascii: "u"),
                        let low = hexUnit(content, at: position + 3), (0xDC00...0xDFFF).contains(low)
                    else {
                        index = escapeStart
                        throw error("unpaired UTF-16 surrogate in \\u escape")
                    }
                    position += 6
                    scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    index = escapeStart
                    throw error("unpaired UTF-16 surrogate in \\u escape")
                }
                output.append(contentsOf: Array(String(Unicode.Scalar(scalarValue)!).utf8))
            default:
                index = escapeStart
                throw error("invalid escape \\\(String(UnicodeScalar(content[position])))")
            }
            position += 1
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            index = start
            throw error("string is not valid UTF-8")
        }
        return text
    }

    private func hexUnit(_ content: ArraySlice<UInt8>, at position: Int) -> UInt16? {
        guard position + 4 <= content.endIndex else { return nil }
        var value: UInt16 = 0
        for byte in content[position..<position + 4] {
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw index < bytes.count ? error("unexpected \(describeCurrent()) in a number") : error("unexpected end of JSON")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zero in a number") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let lexeme = bytes[start..<index]
        // Most numbers in a snapshot are small integers: skip the string round trip for them.
        if isInteger, lexeme.count <= 15 {
            var value = 0
            var negative = false
            for byte in lexeme {
                if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            }
            return Double(negative ? -value : value)
        }
        guard let value = Double(String(decoding: lexeme, as: UTF8.self)), value.isFinite else {
            index = start
            throw error("number \(String(decoding: lexeme, as: UTF8.self)) is out of range")
        }
        return value
    }

    /// On a mismatch the error points at the start of the word, where the reader looks.
    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let start = index
        for expected in literal.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                var end = start
                while end < bytes.count, end - start < 20, bytes[end] >= UInt8(ascii: "a"), bytes[end] <= UInt8(ascii: "z") { end += 1 }
                let word = String(decoding: bytes[start..<end], as: UTF8.self)
                index = start
                throw error("unexpected '\(word)', expected a JSON value")
            }
            index += 1
        }
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

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of JSON" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private func hex4(_ value: UInt16) -> String { String(format: "%04x", value) }

    private func error(_ message: String) -> JSONSyntaxError {
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

/// A JSON syntax error at a 1-based line and column (columns count characters).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let line: Int
    public let column: Int
    public let message: String
}
