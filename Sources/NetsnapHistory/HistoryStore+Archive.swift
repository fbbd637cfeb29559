import Foundation
import GRDB
import NetsnapCompression
import NetsnapJSON
import NetsnapModel

/// The snapshot archive: every recorded snapshot, compressed, thinned as it ages (every one
/// for `everySnapshotSeconds`, then the first of each hour, then of each UTC day) and kept
/// under `maximumBytes` (the oldest go first).
extension HistoryStore {
    /// How often the archive is thinned (seconds of snapshot time): its tiers move by hours.
    static let archiveThinningStep: Double = 600
    /// Outputs and exports tell times to the millisecond.
    static let shownTimeResolution: Double = 0.001

    /// One archived snapshot, without its bytes.
    public struct ArchiveEntry: Sendable, Equatable {
        public let takenAt: Date
        /// The snapshot's JSON size, uncompressed.
        public let size: Int
        /// Its compressed size in the database.
        public let storedSize: Int
    }

    /// Archived snapshots are written together once the oldest waiting is this old (seconds of
    /// snapshot time) or they reach `archiveBatchBytes`: a snapshot a cycle written alone
    /// rewrote the table's and its index's last pages every 30 s, more than half of what a
    /// quiet network wrote to the card (docs/performance.md). A crash loses at most this much
    /// of the archive; everything else of those cycles is written as they happen.
    static let archiveBatchSeconds: Double = 600
    static let archiveBatchBytes = 256 << 10

    /// Archives `snapshot`: compressed into `memory`'s batch, which is written (inside the
    /// record's transaction) when it is due. Without libdeflate nothing is archived; the rest
    /// of the history is unaffected.
    func archive(_ snapshot: Snapshot, takenAt: Double, memory: inout RecordMemory, db: Database) throws {
        guard retention.archive.isEnabled else { return }
        let json = JSONWriter.bytes(snapshot.jsonValue, pretty: false)
        guard let compressed = try? Deflate.compress(json) else { return }
        memory.pendingArchive.append(PendingArchiveEntry(takenAt: takenAt, size: json.count, compressed: compressed))
        let oldest = memory.pendingArchive[0].takenAt
        let bytes = memory.pendingArchive.reduce(0) { $0 + $1.compressed.count }
        guard abs(takenAt - oldest) >= Self.archiveBatchSeconds || bytes >= Self.archiveBatchBytes else { return }
        try writePendingArchive(memory: &memory, db: db)
    }

    /// Writes the archived snapshots still waiting in `memory`.
    func writePendingArchive(memory: inout RecordMemory, db: Database) throws {
        guard !memory.pendingArchive.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO snapshotArchive (takenAt, size, bytes) VALUES (?, ?, ?)")
        for entry in memory.pendingArchive {
            try insert.execute(arguments: [entry.takenAt, entry.size, Data(entry.compressed)])
        }
        memory.pendingArchive.removeAll()
    }

    /// Writes the archived snapshots still waiting: when a watch stops, after an import, and
    /// before the archive is read.
    public func writeArchive() throws(HistoryError) {
        try wrap {
            guard memory.withLock({ !$0.pendingArchive.isEmpty }) else { return }
            let remembered = try pool.write { db in
                var copy = memory.withLock { $0 }
                try writePendingArchive(memory: &copy, db: db)
                return copy
            }
            memory.withLock { $0.pendingArchive = remembered.pendingArchive }
        }
    }

    /// Thins the archive by its tiers as of `now` (the retention clock's time), then to its
    /// size bound; at most every `archiveThinningStep`.
    func thinArchive(now: Double, memory: inout RecordMemory, db: Database) throws {
        if let last = memory.lastArchiveThinning, now - last < Self.archiveThinningStep, now >= last { return }
        memory.lastArchiveThinning = now
        try writePendingArchive(memory: &memory, db: db)
        let policy = retention.archive
        let everyCut = now - policy.everySnapshotSeconds
        let hourlyCut = now - policy.hourlySeconds
        let dailyCut = now - policy.dailySeconds
        for (from, until, bucket) in [(hourlyCut, everyCut, 3600.0), (dailyCut, hourlyCut, 86_400.0)] {
            try db.execute(
                sql: """
                    DELETE FROM snapshotArchive WHERE takenAt >= ? AND takenAt < ? AND takenAt NOT IN
                        (SELECT MIN(takenAt) FROM snapshotArchive WHERE takenAt >= ? AND takenAt < ? GROUP BY CAST(takenAt / ? AS INTEGER))
                    """,
                arguments: [from, until, from, until, bucket])
        }
        try db.execute(sql: "DELETE FROM snapshotArchive WHERE takenAt < ?", arguments: [dailyCut])
        try keepArchiveUnderItsBound(db)
    }

    /// Deletes the oldest archived snapshots while the archive is over its size bound.
    private func keepArchiveUnderItsBound(_ db: Database) throws {
        let limit = retention.archive.maximumBytes
        guard var total = try Int.fetchOne(db, sql: "SELECT SUM(length(bytes)) FROM snapshotArchive"), total > limit else { return }
        let oldest = try Row.fetchCursor(db, sql: "SELECT takenAt, length(bytes) AS stored FROM snapshotArchive ORDER BY takenAt")
        var cut: Double?
        while total > limit, let row = try oldest.next() {
            total -= row["stored"] as Int
            cut = row["takenAt"]
        }
        if let cut { try db.execute(sql: "DELETE FROM snapshotArchive WHERE takenAt <= ?", arguments: [cut]) }
    }

    /// The archived snapshots from `start` to `end` (inclusive), oldest first, without bytes.
    public func archiveEntries(from start: Date? = nil, until end: Date? = nil) throws(HistoryError) -> [ArchiveEntry] {
        try writeArchive()
        return try wrap {
            try pool.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT takenAt, size, length(bytes) AS stored FROM snapshotArchive
                        WHERE takenAt >= ? AND takenAt <= ? ORDER BY takenAt
                        """,
                    arguments: [start?.timeIntervalSince1970 ?? -Double.infinity, end?.timeIntervalSince1970 ?? Double.infinity]
                ).map { ArchiveEntry(takenAt: Date(timeIntervalSince1970: $0["takenAt"]), size: $0["size"], storedSize: $0["stored"]) }
            }
        }
    }

    /// The JSON of the archived snapshot taken at `takenAt` exactly, or of the newest one
    /// taken at or before `moment` when `atOrBefore`; nil when there is none.
    public func archivedSnapshotJSON(atOrBefore moment: Date) throws(HistoryError) -> [UInt8]? {
        try writeArchive()
        return try wrap {
            try pool.read { db -> [UInt8]? in
                guard
                    let row = try Row.fetchOne(
                        db, sql: "SELECT size, bytes FROM snapshotArchive WHERE takenAt <= ? ORDER BY takenAt DESC LIMIT 1",
                        // Times are shown to the millisecond: a snapshot's own shown time finds it.
                        arguments: [moment.timeIntervalSince1970 + Self.shownTimeResolution / 2])
                else { return nil }
                return try Self.restore(row)
            }
        }
    }

    /// The JSON of every archived snapshot from `start` to `end`, oldest first, one at a time.
    public func forEachArchivedSnapshot(
        from start: Date?, until end: Date?, _ body: ([UInt8]) throws -> Void
    ) throws(HistoryError) {
        try wrap {
            try pool.read { db in
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT size, bytes FROM snapshotArchive WHERE takenAt >= ? AND takenAt <= ? ORDER BY takenAt",
                    arguments: [start?.timeIntervalSince1970 ?? -Double.infinity, end?.timeIntervalSince1970 ?? Double.infinity])
                while let row = try rows.next() { try body(try Self.restore(row)) }
            }
        }
    }

    private static func restore(_ row: Row) throws -> [UInt8] {
        let bytes: Data = row["bytes"]
        return try Deflate.decompress([UInt8](bytes), size: row["size"])
    }
}
