/// Dark modules side by side on one row of a QR symbol.
public struct QRRun: Sendable, Hashable {
    /// The row, from the top of the symbol (quiet zone excluded).
    public var row: Int
    /// The first module's column, from the left of the symbol.
    public var column: Int
    /// How many dark modules the run holds (at least 1).
    public var length: Int

    /// Creates a run.
    public init(row: Int, column: Int, length: Int) {
        self.row = row
        self.column = column
        self.length = length
    }
}
