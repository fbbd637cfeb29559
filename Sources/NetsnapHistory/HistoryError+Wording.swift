import NetsnapLanguage

extension HistoryError {
    /// What went wrong, in the household's words, for the dashboard's banner and
    /// `summary.json`: the file, and SQLite's own message as it wrote it (English, as the logs),
    /// each kept left to right in Arabic and Hebrew.
    public func worded(_ wording: Wording) -> String {
        let ltr = wording.leftToRight
        return switch self {
        case .newerDatabase(let path, _): wording(PagePhrase.historyWrittenByNewer, ["path": ltr(path)])
        case .corrupt(let path, let message): wording(PagePhrase.historyCorrupt, ["path": ltr(path), "message": ltr(message)])
        case .full(let path, let message): wording(PagePhrase.historyDiskFull, ["path": ltr(path), "message": ltr(message)])
        case .database(let path, let message): ltr("\(path): \(message)")
        }
    }
}
