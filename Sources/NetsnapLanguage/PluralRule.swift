/// A catalogue's plural rule: the C expression of its `Plural-Forms` header
/// (`nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : …);`), parsed once and evaluated for a count.
/// It is gettext's own notation, so a translator copies a language's rule from the gettext
/// manual and netsnap picks the same form msgfmt and every gettext tool would.
public struct PluralRule: Sendable, Equatable {
    /// How many forms each plural message of the catalogue has.
    public let formCount: Int
    private let expression: Node

    /// The rule of English and most Western languages: the first form for one, the second else.
    public static let germanic = PluralRule(formCount: 2, expression: .binary("!=", .count, .number(1)))

    /// Parses a `Plural-Forms` header value; nil when it is not `nplurals=N; plural=EXPR;`.
    public init?(header: String) {
        var count: Int?
        var source: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0.trimmingBlanks) }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { count = Int(pair[1]) }
            if pair[0] == "plural" { source = pair[1] }
        }
        guard let count, (1...6).contains(count), let source else { return nil }
        var parser = Parser(tokens: Parser.tokens(source))
        guard let node = parser.conditional(), parser.isAtEnd else { return nil }
        self.init(formCount: count, expression: node)
    }

    private init(formCount: Int, expression: Node) {
        self.formCount = formCount
        self.expression = expression
    }

    /// The index of the form to use for `count`, within `0..<formCount`.
    public func form(for count: Int) -> Int {
        let value = expression.value(n: UInt64(count.magnitude))
        return Int(min(value, UInt64(formCount - 1)))
    }

    indirect enum Node: Sendable, Equatable {
        case count
        case number(UInt64)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)

        func value(n: UInt64) -> UInt64 {
            switch self {
            case .count: return n
            case .number(let value): return value
            case .not(let operand): return operand.value(n: n) == 0 ? 1 : 0
            case .choice(let test, let then, let otherwise): return test.value(n: n) != 0 ? then.value(n: n) : otherwise.value(n: n)
            case .binary(let op, let left, let right): return Self.apply(op, left.value(n: n), right.value(n: n))
            }
        }

        private static func apply(_ op: String, _ a: UInt64, _ b: UInt64) -> UInt64 {
            switch op {
            case "||": return a != 0 || b != 0 ? 1 : 0
            case "&&": return a != 0 && b != 0 ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            default: return b == 0 ? 0 : a % b
            }
        }
    }
}
