import NetsnapLanguage

extension HistoryError {
    /// What went wrong, in the household's words, for the dashboard's banner and
    /// `summary.json`: the file, and SQLite's own message as it wrote it (English, as the logs).
    public func worded(_ wording: Wording) -> String {
        switch self {
        case .newerDatabase(let path, _): wording(PagePhrase.historyWrittenByNewer, ["path": path])
        case .corrupt(let path, let message): wording(PagePhrase.historyCorrupt, ["path": path, "message": message])
        case .full(let path, let message): wording(PagePhrase.historyDiskFull, ["path": path, "message": message])
        case .database(let path, let message): "\(path): \(message)"
        }
    }
}
