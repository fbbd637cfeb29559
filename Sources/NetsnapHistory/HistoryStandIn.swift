import NetsnapLanguage

/// Why a history runs in a temporary folder: the real one at `path` could not be opened
/// (a read-only or full state folder), so nobody takes the stand-in for the real history.
public struct HistoryStandIn: Sendable, Equatable, CustomStringConvertible {
    /// The history that cannot be used.
    public var path: String
    /// The temporary folder standing in for it until restart.
    public var folder: String
    public var cause: HistoryError

    /// For the logs, in English.
    public var description: String {
        "the history in \(path) cannot be used (\(cause)); a temporary one in \(folder) stands in until restart"
    }

    /// For the dashboard's banner, in the household's words.
    public func worded(_ wording: Wording) -> String {
        wording(
            PagePhrase.historyStandsIn,
            ["path": wording.leftToRight(path), "reason": cause.worded(wording), "folder": wording.leftToRight(folder)])
    }
}
