import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// The sparkline window and resolution: the last 24 h in 48 half-hour points.
    public static let seriesPoints = 48
    static let halfHourSeconds: Double = 1800
    public static let seriesWindow = halfHourSeconds * Double(seriesPoints)

    /// The number of the half-hour (counted from the Unix epoch) that `time` falls in.
    static func halfHour(containing time: Double) -> Int64 { Int64((time / halfHourSeconds).rounded(.down)) }

    /// Uptime over 24 h and 7 d and latency series for the gateway and each of `targets` (and
    /// their loss and jitter series where measured),
    /// for the window ending at `date`. The 24-hour views come from the half-hour roll-ups:
    /// the 48 half-hours up to and including the one `date` falls in, so the oldest point
    /// starts up to half an hour less than 24 h back, and a cycle reads a few hundred rows
    /// however short the interval.
    public func summary(endingAt date: Date, targets: [MonitoringTarget]) throws(HistoryError) -> HistorySummary {
        try wrap {
            try pool.read { db in
                let end = date.timeIntervalSince1970
                let last = Self.halfHour(containing: end)
                let first = last - Int64(Self.seriesPoints) + 1
                let uptimeDay = try Self.keyedValues(
                    db,
                    sql: """
                        SELECT substr(seriesKey, 8), SUM(online) * 100.0 / SUM(samples) FROM halfHourRollup
                        WHERE seriesKey LIKE 'target:%' AND halfHour >= ? AND halfHour <= ? GROUP BY seriesKey
                        """,
                    arguments: [first, last])
                // The hours, and the half-hours not folded into them yet.
                let (firstHour, lastHour) = (Int64((end - 7 * 86_400) / 3600), Int64(end / 3600))
                let uptimeWeek = try Self.keyedValues(
                    db,
                    sql: """
                        SELECT substr(seriesKey, 8), SUM(online) * 100.0 / SUM(samples) FROM (
                            SELECT seriesKey, online, samples FROM hourlyRollup
                            WHERE seriesKey LIKE 'target:%' AND hour >= ? AND hour <= ?
                            UNION ALL
                            SELECT seriesKey, online, samples FROM halfHourRollup
                            WHERE folded = 0 AND seriesKey LIKE 'target:%' AND halfHour >= ? AND halfHour <= ?
                        ) GROUP BY seriesKey
                        """,
                    arguments: [firstHour, lastHour, 2 * firstHour, 2 * lastHour + 1])
                let series = try Self.series(
                    db,
                    sql: """
                        SELECT seriesKey, halfHour - ?, latencySum / latencyCount FROM halfHourRollup
                        WHERE halfHour >= ? AND halfHour <= ? AND latencyCount > 0
                        """,
                    arguments: [first, first, last])
                func line(_ points: [Int: Double]?) -> HistorySummary.LatencySeries {
                    HistorySummary.LatencySeries(
                        bucketSeconds: Int(Self.halfHourSeconds), endsAt: date,
                        points: (0..<Self.seriesPoints).map { points?[$0] })
                }
                var summary = HistorySummary(
                    gatewayLatency: line(series["gateway"]),
                    targets: targets.map { target in
                        let key = target.id.uuidString
                        var uptime = HistorySummary.TargetUptime(
                            targetID: target.id, name: target.name, uptime24h: uptimeDay[key], uptime7d: uptimeWeek[key],
                            latency: line(series["target:" + key]))
                        uptime.lossPercent = series["loss:target:" + key].map(line)
                        uptime.jitterMs = series["jitter:target:" + key].map(line)
                        return uptime
                    })
                summary.speed = try Self.speedHistory(db, endingAt: date)
                return summary
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

    /// `key → bucket → average`.
    private static func series(_ db: Database, sql: String, arguments: StatementArguments) throws -> [String: [Int: Double]] {
        var result: [String: [Int: Double]] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
            let bucket: Int = row[1]
            guard let value = row[2] as Double?, (0..<seriesPoints).contains(bucket) else { continue }
            result[row[0], default: [:]][bucket] = value
        }
        return result
    }
}
