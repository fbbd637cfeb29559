import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// The sparkline window and resolution: the last 24 h in 48 half-hour points.
    public static let seriesWindow: Double = 24 * 3600
    public static let seriesPoints = 48

    /// Uptime over 24 h and 7 d and latency series for the gateway and each of `targets`,
    /// for the window ending at `date`.
    public func summary(endingAt date: Date, targets: [MonitoringTarget]) throws(HistoryError) -> HistorySummary {
        try wrap {
            try pool.read { db in
                let end = date.timeIntervalSince1970
                let dayStart = end - 24 * 3600
                let uptimeDay = try Self.keyedValues(
                    db, sql: "SELECT targetId, AVG(isOnline) * 100 FROM targetResult WHERE takenAt > ? AND takenAt <= ? GROUP BY targetId",
                    arguments: [dayStart, end])
                let uptimeWeek = try Self.keyedValues(
                    db,
                    sql: """
                        SELECT substr(seriesKey, 8), SUM(online) * 100.0 / SUM(samples) FROM hourlyRollup
                        WHERE seriesKey LIKE 'target:%' AND hour >= ? AND hour <= ? GROUP BY seriesKey
                        """,
                    arguments: [Int64((end - 7 * 86_400) / 3600), Int64(end / 3600)])
                let bucket = Self.seriesWindow / Double(Self.seriesPoints)
                let gateway = try Self.series(
                    db, sql: "SELECT '', CAST((takenAt - ?) / ? AS INTEGER), AVG(gatewayLatency) FROM snapshot WHERE takenAt > ? AND takenAt <= ? GROUP BY 2",
                    arguments: [end - Self.seriesWindow, bucket, end - Self.seriesWindow, end])
                let targetSeries = try Self.series(
                    db,
                    sql: """
                        SELECT targetId, CAST((takenAt - ?) / ? AS INTEGER), AVG(latency) FROM targetResult
                        WHERE takenAt > ? AND takenAt <= ? GROUP BY 1, 2
                        """,
                    arguments: [end - Self.seriesWindow, bucket, end - Self.seriesWindow, end])
                func line(_ points: [Int: Double]?) -> HistorySummary.LatencySeries {
                    HistorySummary.LatencySeries(
                        bucketSeconds: Int(bucket), endsAt: date,
                        points: (0..<Self.seriesPoints).map { points?[$0] })
                }
                return HistorySummary(
                    gatewayLatency: line(gateway[""]),
                    targets: targets.map { target in
                        let key = target.id.uuidString
                        return HistorySummary.TargetUptime(
                            targetID: target.id, name: target.name, uptime24h: uptimeDay[key], uptime7d: uptimeWeek[key],
                            latency: line(targetSeries[key]))
                    })
            }
        }
    }

    private static func keyedValues(_ db: Database, sql: String, arguments: StatementArguments) throws -> [String: Double] {
        var values: [String: Double] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
            if let value = row[1] as Double? { values[row[0]] = value }
        }
        return values
    }

    /// `key → bucket → average`; the last bucket includes the window's end.
    private static func series(_ db: Database, sql: String, arguments: StatementArguments) throws -> [String: [Int: Double]] {
        var result: [String: [Int: Double]] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
            guard let value = row[2] as Double? else { continue }
            let bucket = min(row[1] as Int, seriesPoints - 1)
            result[row[0], default: [:]][bucket] = value
        }
        return result
    }
}
