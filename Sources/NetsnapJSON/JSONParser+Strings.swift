import Foundation

/// Strings: their escapes, UTF-16 surrogate pairs and UTF-8 validation.
extension JSONParser {
    mutating func parseString() throws(JSONSyntaxError) -> String {
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
            guard position < content.endIndex else {
                index = escapeStart
                throw error("unfinished escape")
            }
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

    private func hex4(_ value: UInt16) -> String { String(format: "%04x", value) }
}
