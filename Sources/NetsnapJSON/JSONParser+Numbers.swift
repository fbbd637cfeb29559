/// Numbers and the literals `true`, `false` and `null`.
extension JSONParser {
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
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
    mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
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

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
