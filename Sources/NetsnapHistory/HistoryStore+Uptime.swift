import Foundation
import GRDB
import NetsnapModel

/// Uptime by local day over the last 90 days, from the hourly roll-ups (and the half-hours
/// not folded into them yet): what cycles observed, so a cycle that did not run is no data,
/// never down. An hour counts toward the local day it starts in.
extension HistoryStore {
    /// Sums of one series over one stretch of time.
    struct Tally {
        var samples = 0
        var online = 0
        var slow = false

        mutating func add(samples: Int, online: Int, slow: Bool) {
            self.samples += samples
            self.online += online
            self.slow = self.slow || slow
        }

        var percent: Double? { samples > 0 ? Double(online) * 100 / Double(samples) : nil }

        var worst: UptimeReport.Worst {
            if samples == 0 { return .nodata }
            if online < samples { return .down }
            return slow ? .degraded : .up
        }
    }

    /// The report ending at `date`, days told in `timeZone`; the gateway is degraded when its
    /// latency passed `latencyThresholdMs`.
    public func uptimeReport(
        endingAt date: Date, targets: [MonitoringTarget], timeZone: TimeZone, latencyThresholdMs: Double
    ) throws(HistoryError) -> UptimeReport {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: date)
        let starts = (0..<UptimeReport.days).map {
            calendar.date(byAdding: .day, value: $0 - UptimeReport.days + 1, to: today)!.timeIntervalSince1970
        }
        let end = date.timeIntervalSince1970
        let windows: [Double] = [86_400, 7 * 86_400, 30 * 86_400, 90 * 86_400]
        let (days, spans, incidents) = try wrap {
            try pool.read { db in try Self.tallies(db, starts: starts, end: end, windows: windows, latencyThresholdMs: latencyThresholdMs) }
        }
        func series(_ kind: UptimeReport.Series.Kind, _ key: String, id: UUID?, name: String) -> UptimeReport.Series {
            let tallies = days[key] ?? Array(repeating: Tally(), count: starts.count)
            let maintained = days["maintenance:" + key] ?? Array(repeating: Tally(), count: starts.count)
            let counts = incidents[key] ?? Array(repeating: 0, count: starts.count)
            let span = spans[key] ?? Array(repeating: Tally(), count: windows.count)
            let list = starts.indices.map { index in
                UptimeReport.Day(
                    date: Self.localDate(starts[index] + 43_200, calendar), upPercent: tallies[index].percent,
                    worst: tallies[index].worst == .down || maintained[index].samples == 0 ? tallies[index].worst : .maintenance,
                    incidents: counts[index])
            }
            return UptimeReport.Series(
                kind: kind, targetID: id, name: name, days: list, percent24h: span[0].percent, percent7d: span[1].percent,
                percent30d: span[2].percent, percent90d: span[3].percent)
        }
        return UptimeReport(
            endsAt: date, timeZone: timeZone,
            series: [series(.gateway, "gateway", id: nil, name: "Gateway"), series(.internet, "internet", id: nil, name: "Internet")]
                + targets.map { series(.target, "target:" + $0.id.uuidString, id: $0.id, name: $0.name) })
    }

    /// Per series: each day's and each window's tally, and the outages begun each day.
    private static func tallies(
        _ db: Database, starts: [Double], end: Double, windows: [Double], latencyThresholdMs: Double
    ) throws -> (days: [String: [Tally]], spans: [String: [Tally]], incidents: [String: [Int]]) {
        var days: [String: [Tally]] = [:]
        var spans: [String: [Tally]] = [:]
        var incidents: [String: [Int]] = [:]
        let firstHour = Int64((starts[0] / 3600).rounded(.down))
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT seriesKey, hour, samples, online, latencyMax FROM hourlyRollup WHERE hour >= ?
                UNION ALL
                SELECT seriesKey, halfHour / 2, samples, online, latencyMax FROM halfHourRollup WHERE folded = 0 AND halfHour >= ?
                """,
            arguments: [firstHour, 2 * firstHour])
        while let row = try rows.next() {
            let key: String = row[0]
            let hourStart = Double(row[1] as Int64) * 3600
            guard hourStart <= end, let index = starts.lastIndex(where: { $0 <= hourStart }) else { continue }
            let slow = key == "gateway" && (row[4] as Double? ?? 0) > latencyThresholdMs
            let (samples, online): (Int, Int) = (row[2], row[3])
            days[key, default: Array(repeating: Tally(), count: starts.count)][index].add(
                samples: samples, online: online, slow: slow)
            for (window, length) in windows.enumerated() where hourStart + 3600 > end - length {
                spans[key, default: Array(repeating: Tally(), count: windows.count)][window].add(
                    samples: samples, online: online, slow: slow)
            }
        }
        // Each incident counts on the day it began (its first failed check); flapping merged
        // into one counts once, and maintenance opens none.
        let begun = try Row.fetchCursor(
            db,
            sql: """
                SELECT subject, startedAt FROM incident
                WHERE startedAt >= ? AND startedAt <= ? AND subject != 'source' AND subject NOT LIKE 'site:%'
                """,
            arguments: [starts[0], end])
        while let incident = try begun.next() {
            let subject: String = incident[0]
            guard let index = starts.lastIndex(where: { $0 <= incident[1] as Double }) else { continue }
            let keys = subject == "connection" ? ["gateway", "internet"] : [subject]
            for key in keys { incidents[key, default: Array(repeating: 0, count: starts.count)][index] += 1 }
        }
        return (days, spans, incidents)
    }

    /// `yyyy-MM-dd` of `time` in the calendar's zone.
    static func localDate(_ time: Double, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: time))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
