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

    /// Days in the speed series: the 90-day view (the 30-day one is its last 30).
    public static let speedDays = 90

    /// Each day's mean download and upload over `speedDays` days ending with the day (UTC)
    /// `date` falls in; nil when nothing was measured in that time.
    static func speedHistory(_ db: Database, endingAt date: Date) throws -> HistorySummary.SpeedHistory? {
        let lastDay = Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let firstDay = lastDay - Int64(speedDays) + 1
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT CAST(measuredAt / 86400 AS INTEGER) - ? AS day, AVG(downloadMbps), AVG(uploadMbps) FROM speedResult
                WHERE measuredAt >= ? AND measuredAt < ? GROUP BY day
                """,
            arguments: [firstDay, Double(firstDay) * 86_400, Double(lastDay + 1) * 86_400])
        guard !rows.isEmpty else { return nil }
        var download = [Double?](repeating: nil, count: speedDays)
        var upload = download
        for row in rows {
            let day: Int = row[0]
            guard download.indices.contains(day) else { continue }
            download[day] = row[1]
            upload[day] = row[2]
        }
        return HistorySummary.SpeedHistory(
            download: .init(bucketSeconds: 86_400, endsAt: date, points: download),
            upload: .init(bucketSeconds: 86_400, endsAt: date, points: upload))
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
