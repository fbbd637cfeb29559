import Foundation
import GRDB

/// A history file moved aside because SQLite found it corrupt; a new one took its place.
public struct HistoryRecovery: Sendable, Equatable {
    /// Where the bad file went: `<path>.corrupt-<UTC time>`.
    public var movedTo: String
    /// What SQLite said.
    public var reason: String
    public var at: Date
}

extension HistoryStore {
    /// Opens the database at `path` and checks it (`PRAGMA quick_check`). A file that does
    /// not open as a database, or fails the check, is moved aside and a new one started;
    /// `takeRecoveries()` then says so. A database from a newer netsnap is still refused.
    public static func open(path: String, retention: RetentionPolicy = RetentionPolicy(), now: Date = Date()) throws(HistoryError)
        -> HistoryStore
    {
        let store: HistoryStore
        do {
            store = try HistoryStore(path: path, retention: retention)
        } catch .corrupt(_, let message) {
            let moved = try moveAside(path, now: now)
            store = try HistoryStore(path: path, retention: retention)
            store.recoveries.withLock { $0.append(HistoryRecovery(movedTo: moved, reason: message, at: now)) }
            return store
        }
        if let problem = store.integrityProblem() { store.replaceCorruptFile(reason: problem, now: now) }
        return store
    }

    /// A history in a new temporary folder, for a loop whose state folder cannot hold one
    /// (read-only, full): the outputs keep their events and uptime while it runs, and
    /// `standIn` says why, so nobody takes it for the real history.
    public static func standIn(for path: String, retention: RetentionPolicy, because error: HistoryError) throws(HistoryError)
        -> HistoryStore
    {
        let folder = NSTemporaryDirectory() + "netsnap-history-\(getpid())-\(UUID().uuidString.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .database(path: folder, message: "cannot create a temporary history folder: \(error.localizedDescription)")
        }
        let standIn = HistoryStandIn(path: path, folder: folder, cause: error)
        return try HistoryStore(path: folder + "/history.sqlite", retention: retention, standIn: standIn)
    }

    /// The files moved aside since the last call, oldest first.
    public func takeRecoveries() -> [HistoryRecovery] {
        recoveries.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// What `PRAGMA quick_check` finds wrong; nil when the file is sound.
    func integrityProblem() -> String? {
        do {
            let lines = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            return lines == ["ok"] ? nil : lines.prefix(3).joined(separator: "; ")
        } catch {
            return "\(error)"
        }
    }

    /// Moves the corrupt file aside and opens a new one in its place. When that fails too
    /// (a read-only folder), the store stays as it was and the next write says why.
    func replaceCorruptFile(reason: String, now: Date = Date()) {
        try? replacePool { () throws(HistoryError) -> DatabasePool in
            let moved = try Self.moveAside(path, now: now)
            recoveries.withLock { $0.append(HistoryRecovery(movedTo: moved, reason: reason, at: now)) }
            return try Self.openPool(path)
        }
    }

    /// Only the newest corrupt copy is kept, so repeated failures cannot fill the folder.
    private static func removeOlderCopies(of path: String, keeping moved: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".corrupt-"
        let kept = (moved as NSString).lastPathComponent
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        where name.hasPrefix(prefix) && name != kept && name != kept + "-wal" {
            unlink(folder.isEmpty ? name : "\(folder)/\(name)")
        }
    }

    /// Renames the database and its WAL to `<path>.corrupt-<time>` (the WAL beside it, so
    /// the copy is whole for whoever examines it) and drops the shared-memory index.
    static func moveAside(_ path: String, now: Date) throws(HistoryError) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let moved = "\(path).corrupt-\(formatter.string(from: now))"
        guard rename(path, moved) == 0 else {
            throw .database(path: path, message: "cannot move the corrupt database aside: \(String(cString: strerror(errno)))")
        }
        _ = rename(path + "-wal", moved + "-wal")
        _ = unlink(path + "-shm")
        removeOlderCopies(of: path, keeping: moved)
        return moved
    }
}
