import NetsnapModel

/// Where a snapshot comes from.
public enum SnapshotInput: Sendable, Equatable {
    /// The embedded sample network, re-dated to the render time so it reads as fresh.
    case sample
    /// A snapshot document; path "-" is standard input.
    case document(path: String)
    /// A JSON Lines message stream; path "-" is standard input.
    case messages(path: String)
    /// A snapshot taken in process (by the gatherer), already valid.
    case gathered(Snapshot)

    /// The name errors use for this input.
    public var displayName: String {
        switch self {
        case .sample: return "sample"
        case .gathered: return "local gather"
        case .document(let path), .messages(let path): return path == "-" ? "stdin" : path
        }
    }
}
