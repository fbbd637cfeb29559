/// A `tEXt` chunk: a Latin-1 keyword (1–79 characters) and its text.
public struct PNGTextChunk: Sendable, Hashable {
    /// The keyword, e.g. `Software` or `Creation Time` (registered PNG keywords).
    public var keyword: String
    /// The text.
    public var text: String

    /// Creates a text chunk.
    public init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }

    /// Throws unless the chunk can be stored as `tEXt`, which holds only Latin-1.
    func validate() throws(PNGError) {
        guard (1...79).contains(keyword.unicodeScalars.count),
            keyword.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) })
        else { throw .invalidTextChunk(keyword) }
        guard text.unicodeScalars.allSatisfy({ $0.value <= 0xFF && $0.value != 0 }) else {
            throw .invalidTextChunk(keyword)
        }
    }
}
