import Foundation
import GRDB
import NetsnapModel

/// The line's speed over time: each measurement once, however many snapshots carried it,
/// kept as long as the rollups (90 days by default) for the 30- and 90-day series.
extension HistoryStore {
    /// Stores `result` unless a result of the same time is stored; drops those past retention.
    func recordSpeed(_ result: SpeedResult, now: Double, db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO speedResult
                    (measuredAt, downloadMbps, uploadMbps, latencyMs, jitterMs, server, tool, bytesUsed)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                result.measuredAt.timeIntervalSince1970, result.downloadMbps, result.uploadMbps, result.latencyMs, result.jitterMs,
                result.server, result.tool, result.bytesUsed,
            ])
        try db.execute(sql: "DELETE FROM speedResult WHERE measuredAt < ?", arguments: [now - retention.rollupSeconds])
    }

    /// The measurements since `start`, oldest first.
    public func speedResults(since start: Date) throws(HistoryError) -> [SpeedResult] {
        try wrap {
            try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM speedResult WHERE measuredAt >= ? ORDER BY measuredAt", arguments: [start.timeIntervalSince1970]
                ).map { row in
                    SpeedResult(
                        measuredAt: Date(timeIntervalSince1970: row["measuredAt"]), downloadMbps: row["downloadMbps"],
                        uploadMbps: row["uploadMbps"], latencyMs: row["latencyMs"], jitterMs: row["jitterMs"], server: row["server"],
                        tool: row["tool"], bytesUsed: row["bytesUsed"])
                }
            }
        }
    }
}
