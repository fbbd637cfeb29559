/// A template that cannot be used: which file, where in it, and what is wrong.
public struct PageTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template file's path.
    public let file: String
    /// 1-based line, when the problem has a place in the file.
    public let line: Int?
    /// 1-based column, when known.
    public let column: Int?
    public let message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        switch (line, column) {
        case (let line?, let column?): return "\(file): line \(line), column \(column): \(message)"
        case (let line?, nil): return "\(file): line \(line): \(message)"
        default: return "\(file): \(message)"
        }
    }
}
