/// Why PNG bytes could not be written or read.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `tEXt` keyword or text that PNG cannot hold (non-Latin-1, empty or too long keyword).
    case invalidTextChunk(String)
    /// Dimensions PNG cannot store.
    case invalidSize(width: Int, height: Int)
    /// libpng or libdeflate cannot be opened.
    case libraryUnavailable(library: String, reason: String)
    /// Bytes that are not a PNG libpng can read; carries libpng's message.
    case unreadable(String)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .invalidTextChunk(let keyword): "PNG text chunk \"\(keyword)\" must be Latin-1 with a 1–79 character keyword"
        case .invalidSize(let width, let height): "PNG size \(width)×\(height) is out of range"
        case .libraryUnavailable(let library, let reason):
            "cannot open \(library) (apt-get install libpng16-16 libdeflate0): \(reason)"
        case .unreadable(let message): "not a readable PNG: \(message)"
        }
    }
}
