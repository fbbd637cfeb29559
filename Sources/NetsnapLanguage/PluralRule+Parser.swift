extension PluralRule {
    /// A recursive-descent parser for gettext's plural expressions, C precedence from the
    /// conditional down: `?:`, `||`, `&&`, `== !=`, `< <= > >=`, `+ -`, `* / %`, `!`.
    struct Parser {
        var tokens: [String]
        var position = 0

        var isAtEnd: Bool { position == tokens.count }

        static func tokens(_ source: String) -> [String] {
            var tokens: [String] = []
            var characters = Array(source)[...]
            while let first = characters.first {
                if first.isWhitespace {
                    characters.removeFirst()
                } else if first.isNumber {
                    let digits = characters.prefix(while: \.isNumber)
                    tokens.append(String(digits))
                    characters.removeFirst(digits.count)
                } else if characters.count >= 2, ["||", "&&", "==", "!=", "<=", ">="].contains(String(characters.prefix(2))) {
                    tokens.append(String(characters.prefix(2)))
                    characters.removeFirst(2)
                } else {
                    tokens.append(String(first))
                    characters.removeFirst()
                }
            }
            return tokens
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
