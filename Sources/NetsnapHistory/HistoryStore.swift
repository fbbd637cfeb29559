import Foundation
import GRDB
import NetsnapModel

/// The history database: one SQLite file in WAL mode, upgraded by named migrations.
/// Each recorded snapshot is one transaction, so a `kill -9` at any moment leaves the file
/// at the last committed cycle.
public final class HistoryStore: Sendable {
    public let path: String
    public let retention: RetentionPolicy
    let pool: DatabasePool
    /// The page cache of each connection, in KiB.
    static let pageCacheKilobytes = 512

    /// Opens (or creates) the database at `path`. A database from a newer netsnap is refused
    /// before anything is written to it.
    public init(path: String, retention: RetentionPolicy = RetentionPolicy()) throws(HistoryError) {
        self.path = path
        self.retention = retention
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
                // A 512 KB page cache per connection: a cycle reads recent rows and roll-ups
                // through indexes, a few hundred pages the kernel's file cache serves anyway.
                // With 2 MB caches the process grew by 3 MB over its first 1,000 one-second
                // cycles as they filled; these fill within minutes and then stay flat.
                try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKilobytes)")
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            try HistoryMigrations.migrator().migrate(pool)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError.database(path: path, message: "\(error)")
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

    /// The key a device is remembered by: its MAC address, else its id.
    static func deviceKey(_ device: LocalDevice) -> String { device.macAddress?.text ?? device.id.uuidString }

    func wrap<T>(_ body: () throws -> T) throws(HistoryError) -> T {
        do {
            return try body()
        } catch {
            throw HistoryError.database(path: path, message: "\(error)")
        }
    }
}
