import Foundation
import GRDB
import NetsnapModel
import Synchronization

/// The history database: one SQLite file in WAL mode, upgraded by named migrations.
/// Each recorded snapshot is one transaction, so a `kill -9` at any moment leaves the file
/// at the last committed cycle. A file SQLite finds corrupt is moved aside and a new one
/// started (`HistoryStore+Recovery`), so a bad sector costs history, never the service.
public final class HistoryStore: Sendable {
    public let path: String
    public let retention: RetentionPolicy
    /// The open database; replaced when the file turns out corrupt.
    private let database: Mutex<DatabasePool>
    /// Files moved aside since the caller last asked (`takeRecoveries`).
    let recoveries = Mutex<[HistoryRecovery]>([])
    /// What the last `record` wrote, so the next writes only what changed.
    let memory = Mutex(RecordMemory())
    /// A known device's `lastSeen` is rewritten when it is this much newer (seconds).
    static let lastSeenResolution: Double = 3600
    /// How far this host's clock may lag the newest snapshot and still count as not gone back.
    static let clockTolerance: Double = 60
    /// The page cache of each connection, in KiB.
    static let pageCacheKilobytes = 256
    /// The WAL is cut back to this after a checkpoint, so it never keeps space a full disk needs.
    static let journalSizeLimitBytes = 1 << 20

    var pool: DatabasePool { database.withLock { $0 } }

    /// The archive's last batch is written when the store goes (`writeArchive`), should a
    /// caller not have written it.
    deinit { try? writeArchive() }

    /// Opens (or creates) the database at `path`. A database from a newer netsnap is refused
    /// before anything is written to it; a corrupt one throws `.corrupt` (see `open`).
    public convenience init(path: String, retention: RetentionPolicy = RetentionPolicy()) throws(HistoryError) {
        try self.init(path: path, retention: retention, standIn: nil)
    }

    init(path: String, retention: RetentionPolicy, standIn: HistoryStandIn?) throws(HistoryError) {
        self.path = path
        self.retention = retention
        self.standIn = standIn
        database = Mutex(try Self.openPool(path))
    }

    /// Why this store is a stand-in in a temporary folder (the real one could not be opened:
    /// a read-only or full state folder); nil for the real one. Every cycle says it.
    public let standIn: HistoryStandIn?

    static func openPool(_ path: String) throws(HistoryError) -> DatabasePool {
        do {
            if FileManager.default.fileExists(atPath: path) { try Self.refuseNewer(path) }
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            // Each connection has its own page cache; one writer and two readers bound
            // the database's share of memory however long netsnap runs.
            configuration.maximumReaderCount = 2
            configuration.prepareDatabase { db in
                // NORMAL is durable against process crashes in WAL mode; only power loss may
                // drop the last transaction, never corrupt the file.
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // A 256 KB page cache per connection: a cycle reads recent rows and roll-ups
                // through indexes, a few hundred pages the kernel's file cache serves anyway.
                // With 2 MB caches the process grew by 3 MB over its first 1,000 one-second
                // cycles as they filled; with 512 KB, `serve --watch --sample` still averaged
                // 0.4 MB more anonymous memory over 300 cycles, for no CPU a cycle saved.
                try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKilobytes)")
                // Without a limit the WAL keeps its largest size for ever (4 MB and more).
                try db.execute(sql: "PRAGMA journal_size_limit = \(Self.journalSizeLimitBytes)")
            }
            let pool = try DatabasePool(path: path, configuration: configuration)
            try HistoryMigrations.migrator().migrate(pool)
            return pool
        } catch let error as HistoryError {
            throw error
        } catch {
            throw classify(error, path: path)
        }
    }

    private static func refuseNewer(_ path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let applied = try queue.read { db -> [String] in
            guard try db.tableExists("grdb_migrations") else { return [] }
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        try queue.close()
        let unknown = applied.filter { !HistoryMigrations.identifiers.contains($0) }
        if !unknown.isEmpty { throw HistoryError.newerDatabase(path: path, unknownMigrations: unknown) }
    }

    /// `.corrupt` for SQLite's "malformed" and "not a database", `.full` for a full disk,
    /// else `.database`.
    static func classify(_ error: any Error, path: String) -> HistoryError {
        guard let error = error as? DatabaseError else { return .database(path: path, message: "\(error)") }
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path, message: "\(error)")
        case .SQLITE_FULL: return .full(path: path, message: "\(error)")
        default: return .database(path: path, message: "\(error)")
        }
    }

    /// Puts `pool` in place of the current database, closing the old one.
    func replacePool(with make: () throws(HistoryError) -> DatabasePool) throws(HistoryError) {
        try database.withLock { (current: inout DatabasePool) throws(HistoryError) in
            try? current.close()
            current = try make()
        }
        memory.withLock { $0 = RecordMemory() }
    }

    /// Folds the WAL into the file and closes the database, so a stopped netsnap leaves one
    /// file that a copy or a backup takes whole. The process's exit alone leaves the WAL
    /// whenever another task still held the store. Later calls fail with "closed".
    public func close() {
        database.withLock { current in
            _ = try? current.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            // Readers first: SQLite deletes the WAL only when the last connection closes, and
            // a read-only one cannot; GRDB's `close()` ends the writer first.
            current.releaseMemory()
            try? current.close()
        }
    }

    /// The key a device is remembered by: its MAC address, else its id.
    static func deviceKey(_ device: LocalDevice) -> String { device.macAddress?.text ?? device.id.uuidString }

    /// Runs `body`, naming the file in any error. A corrupt file is moved aside at once (the
    /// next call starts on a new one); a full disk gets a checkpoint that truncates the WAL.
    func wrap<T>(_ body: () throws -> T) throws(HistoryError) -> T {
        do {
            return try body()
        } catch {
            let failure = Self.classify(error, path: path)
            switch failure {
            case .corrupt(_, let message): replaceCorruptFile(reason: message)
            case .full: _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            default: break
            }
            throw failure
        }
    }
}
