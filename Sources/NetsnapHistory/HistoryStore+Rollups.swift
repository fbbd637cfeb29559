import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// Adds this snapshot to the half-hour roll-ups, which the 24-hour views read. They are
    /// folded into the hourly ones (the 7-day views, kept for the retention) once a half-hour
    /// is over, so a cycle rewrites one small table's page instead of three: a quiet network
    /// writes a third of the bytes. A sample for a half-hour already folded (a clock set
    /// back) goes to both at once.
    /// What `maintenance` covers goes to `maintenance:` series instead: counted, not judged.
    /// A target's loss and jitter are series of their own (`loss:target:…`, `jitter:target:…`),
    /// their values in the latency columns.
    func insertRollups(_ snapshot: Snapshot, maintenance: MaintenanceCoverage = MaintenanceCoverage(), db: Database) throws {
        let takenAt = snapshot.generatedAt.timeIntervalSince1970
        let hour = Int64((takenAt / 3600).rounded(.down))
        let halfHour = Self.halfHour(containing: takenAt)
        let upsertHalfHour = try db.cachedStatement(
            sql: """
                INSERT INTO halfHourRollup (seriesKey, halfHour, samples, online, latencySum, latencyCount, latencyMin, latencyMax, folded)
                VALUES (?, ?, 1, ?, ?, ?, ?, ?, 0)
                ON CONFLICT(seriesKey, halfHour) DO UPDATE SET
                    samples = samples + 1,
                    online = online + excluded.online,
                    latencySum = latencySum + excluded.latencySum,
                    latencyCount = latencyCount + excluded.latencyCount,
                    latencyMin = \(Self.combined("MIN", "latencyMin")),
                    latencyMax = \(Self.combined("MAX", "latencyMax"))
                RETURNING folded
                """)
        func add(_ key: String, online: Bool, latency: Double?) throws {
            let values: [(any DatabaseValueConvertible)?] = [online ? 1 : 0, latency ?? 0, latency == nil ? 0 : 1, latency, latency]
            let folded = try Bool.fetchOne(upsertHalfHour, arguments: StatementArguments([key, halfHour] + values)) ?? false
            if folded { try addToHour(key, hour: hour, values: values, db: db) }
        }
        let status = snapshot.status
        let prefix = maintenance.everything ? "maintenance:" : ""
        try add(prefix + "gateway", online: status.isConnected, latency: maintenance.everything ? nil : status.gatewayLatency)
        try add(prefix + "internet", online: Self.internetIsUp(snapshot), latency: nil)
        for target in snapshot.targets {
            if maintenance.covers(target: target.id) {
                try add("maintenance:target:" + target.id.uuidString, online: target.isOnline, latency: nil)
            } else {
                try add("target:" + target.id.uuidString, online: target.isOnline, latency: target.currentLatency)
                // Loss and jitter, where a check sends several echoes, as series of their own.
                if let loss = target.lossPercent { try add("loss:target:" + target.id.uuidString, online: true, latency: loss) }
                if let jitter = target.jitterMs { try add("jitter:target:" + target.id.uuidString, online: true, latency: jitter) }
            }
        }
    }

    /// Adds the half-hours before `halfHour` that are not in the hourly roll-ups yet.
    func foldFinishedHalfHours(before halfHour: Int64, db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO hourlyRollup (seriesKey, hour, samples, online, latencySum, latencyCount, latencyMin, latencyMax)
                SELECT seriesKey, halfHour / 2, SUM(samples), SUM(online), SUM(latencySum), SUM(latencyCount),
                    MIN(latencyMin), MAX(latencyMax)
                FROM halfHourRollup WHERE folded = 0 AND halfHour < ? GROUP BY seriesKey, halfHour / 2
                ON CONFLICT(seriesKey, hour) DO UPDATE SET \(Self.sums)
                """,
            arguments: [halfHour])
        try db.execute(sql: "UPDATE halfHourRollup SET folded = 1 WHERE folded = 0 AND halfHour < ?", arguments: [halfHour])
    }

    private func addToHour(_ key: String, hour: Int64, values: [(any DatabaseValueConvertible)?], db: Database) throws {
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO hourlyRollup (seriesKey, hour, samples, online, latencySum, latencyCount, latencyMin, latencyMax)
                VALUES (?, ?, 1, ?, ?, ?, ?, ?)
                ON CONFLICT(seriesKey, hour) DO UPDATE SET \(Self.sums)
                """)
        try upsert.execute(arguments: StatementArguments([key, hour] + values))
    }

    /// The upsert's update of an hourly row by `excluded`.
    private static let sums = """
        samples = samples + excluded.samples, online = online + excluded.online,
        latencySum = latencySum + excluded.latencySum, latencyCount = latencyCount + excluded.latencyCount,
        latencyMin = \(combined("MIN", "latencyMin")), latencyMax = \(combined("MAX", "latencyMax"))
        """

    /// `function` of a stored and a new value where either may be NULL.
    private static func combined(_ function: String, _ column: String) -> String {
        "CASE WHEN \(column) IS NULL THEN excluded.\(column) WHEN excluded.\(column) IS NULL THEN \(column) "
            + "ELSE \(function)(\(column), excluded.\(column)) END"
    }

    /// The internet side as the uptime bars count it: connected, and either a public address
    /// known or a target answering (or no target to ask).
    static func internetIsUp(_ snapshot: Snapshot) -> Bool {
        let status = snapshot.status
        return status.isConnected && (status.publicIP != nil || snapshot.targets.isEmpty || snapshot.targets.contains(where: \.isOnline))
    }
}
