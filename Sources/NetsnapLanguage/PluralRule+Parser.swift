extension PluralRule {
    /// A recursive-descent parser for gettext's plural expressions, C precedence from the
    /// conditional down: `?:`, `||`, `&&`, `== !=`, `< <= > >=`, `+ -`, `* / %`, `!`.
    struct Parser {
        var tokens: [String]
        var position = 0

        var isAtEnd: Bool { position == tokens.count }

        /// The expression's numbers, operators and `n`, read from its bytes: the expression is
        /// ASCII, and the bytes spare every process that speaks a language the Unicode
        /// property lookups of reading it by Characters.
        static func tokens(_ source: String) -> [String] {
            let bytes = Array(source.utf8)
            var tokens: [String] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
                    index += 1
                } else if isDigit(byte) {
                    var digits = ""
                    while index < bytes.count, isDigit(bytes[index]) {
                        digits.unicodeScalars.append(Unicode.Scalar(bytes[index]))
                        index += 1
                    }
                    tokens.append(digits)
                } else if index + 1 < bytes.count, let pair = twoByteOperator(byte, bytes[index + 1]) {
                    tokens.append(pair)
                    index += 2
                } else {
                    tokens.append(String(Unicode.Scalar(byte)))
                    index += 1
                }
            }
            return tokens
        }

        private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        private static func twoByteOperator(_ first: UInt8, _ second: UInt8) -> String? {
            switch (Unicode.Scalar(first), Unicode.Scalar(second)) {
            case ("|", "|"): "||"
            case ("&", "&"): "&&"
            case ("=", "="): "=="
            case ("!", "="): "!="
            case ("<", "="): "<="
            case (">", "="): ">="
            default: nil
            }
        }

        mutating func conditional() -> Node? {
            guard let test = binary(level: 0) else { return nil }
            guard accept("?") else { return test }
            guard let then = conditional(), accept(":"), let otherwise = conditional() else { return nil }
            return .choice(test, then, otherwise)
        }

        private static let levels: [Set<String>] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

        private mutating func binary(level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while position < tokens.count, Self.levels[level].contains(tokens[position]) {
                let op = tokens[position]
                position += 1
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Node? {
            guard position < tokens.count else { return nil }
            let token = tokens[position]
            position += 1
            switch token {
            case "!": return unary().map { .not($0) }
            case "n": return .count
            case "(":
                guard let inner = conditional(), accept(")") else { return nil }
                return inner
            default: return UInt64(token).map { .number($0) }
            }
        }

        private mutating func accept(_ token: String) -> Bool {
            guard position < tokens.count, tokens[position] == token else { return false }
            position += 1
            return true
        }
    }
}
