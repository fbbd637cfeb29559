/// A JSON syntax error at a 1-based line and column (columns count characters).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The line of the error, from 1.
    public let line: Int
    /// The column of the error, from 1, in characters (UTF-8 sequences), not bytes.
    public let column: Int
    /// What is wrong, e.g. "unexpected ',', expected a JSON value".
    public let message: String
}
