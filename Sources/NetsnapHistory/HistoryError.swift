/// Why the history database cannot be used.
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file was written by a newer netsnap; it is left exactly as it is.
    case newerDatabase(path: String, unknownMigrations: [String])
    /// SQLite found the file malformed or not a database: it is moved aside.
    case corrupt(path: String, message: String)
    /// The disk is full: the write was refused, the WAL truncated.
    case full(path: String, message: String)
    /// SQLite refused: the message names the file and the operation.
    case database(path: String, message: String)

    public var description: String {
        switch self {
        case .newerDatabase(let path, let migrations):
            return "error: \(path): this history database was written by a newer netsnap "
                + "(unknown schema steps: \(migrations.joined(separator: ", "))); upgrade netsnap "
                + "or point --state at another folder. The file was not changed."
        case .corrupt(let path, let message):
            return "error: \(path): the history database is corrupt (\(message))"
        case .full(let path, let message):
            return "error: \(path): the disk is full (\(message))"
        case .database(let path, let message):
            return "error: \(path): \(message)"
        }
    }
}
