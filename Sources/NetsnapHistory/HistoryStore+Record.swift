import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// Stores `snapshot` — status, target results, device sightings, roll-ups — detects its
    /// events, applies one step of retention, all in one transaction. `devicesKnown` is false
    /// while a message stream has sent no device list yet.
    public func record(_ snapshot: Snapshot, detector: EventDetector, devicesKnown: Bool = true) throws(HistoryError) -> RecordOutcome {
        try wrap {
            try pool.write { db in
                let takenAt = snapshot.generatedAt.timeIntervalSince1970
                let identified = try applyIdentities(snapshot, db: db)
                // Seen before — or so much older than the newest that its raw row, which is
                // how a repeat is recognised, may already be pruned: counting it again would
                // count it twice in the roll-ups.
                if try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM snapshot WHERE takenAt = ? OR takenAt > ? LIMIT 1",
                    arguments: [takenAt, takenAt + retention.rawSeconds]) == true
                {
                    return RecordOutcome(snapshot: identified, events: [], isNew: false)
                }
                try insertSamples(identified, takenAt: takenAt, db: db)
                try insertRollups(identified, db: db)
                var state = try loadDetectorState(db)
                let events = detector.detect(identified, devicesKnown: devicesKnown, state: &state)
                state.forgetDevices(goneBefore: takenAt - retention.rollupSeconds)
                try saveDetectorState(state, db: db)
                try insertEvents(events, db: db)
                try prune(before: snapshot.generatedAt, db: db)
                return RecordOutcome(snapshot: identified, events: events, isNew: true)
            }
        }
    }

    /// Each device's stable id and earliest first sighting, remembering new ones.
    private func applyIdentities(_ snapshot: Snapshot, db: Database) throws -> Snapshot {
        var copy = snapshot
        let select = try db.cachedStatement(sql: "SELECT id, firstSeen FROM device WHERE key = ?")
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO device (key, id, firstSeen, lastSeen) VALUES (?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET firstSeen = MIN(firstSeen, excluded.firstSeen),
                    lastSeen = MAX(lastSeen, excluded.lastSeen)
                """)
        for index in copy.devices.indices {
            let device = copy.devices[index]
            let key = Self.deviceKey(device)
            if let row = try Row.fetchOne(select, arguments: [key]) {
                if let id = UUID(uuidString: row["id"]) { copy.devices[index].id = id }
                let stored = Date(timeIntervalSince1970: row["firstSeen"])
                copy.devices[index].firstSeen = min(stored, device.firstSeen)
            }
            try upsert.execute(arguments: [
                key, copy.devices[index].id.uuidString, device.firstSeen.timeIntervalSince1970,
                device.lastSeen.timeIntervalSince1970,
            ])
        }
        return copy
    }

    private func insertSamples(_ snapshot: Snapshot, takenAt: Double, db: Database) throws {
        let status = snapshot.status
        try db.execute(
            sql: """
                INSERT INTO snapshot (takenAt, connection, connectionType, gatewayIP, gatewayMAC, gatewayLatency,
                    targetsOnline, targetsTotal, devicesActive, devicesTotal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                takenAt, status.isConnected ? "connected" : "offline", status.connectionType.rawValue, status.gatewayIP?.text,
                status.gatewayMAC?.text, status.gatewayLatency, snapshot.targets.filter(\.isOnline).count,
                snapshot.targets.count, snapshot.devices.filter { $0.status == .active }.count, snapshot.devices.count,
            ])
        let snapshotId = db.lastInsertedRowID
        let target = try db.cachedStatement(
            sql: "INSERT INTO targetResult (snapshotId, targetId, name, isOnline, latency, takenAt) VALUES (?, ?, ?, ?, ?, ?)")
        for result in snapshot.targets {
            try target.execute(arguments: [
                snapshotId, result.id.uuidString, result.name, result.isOnline, result.currentLatency, takenAt,
            ])
        }
        let sighting = try db.cachedStatement(
            sql: "INSERT INTO deviceSighting (snapshotId, deviceKey, status, ipAddress, takenAt) VALUES (?, ?, ?, ?, ?)")
        for device in snapshot.devices {
            try sighting.execute(arguments: [
                snapshotId, Self.deviceKey(device), device.status.rawValue, device.ipAddress?.text, takenAt,
            ])
        }
    }

    /// Adds this snapshot to the roll-ups as it is stored: hourly ones, so raw samples can
    /// be pruned at any time without losing the 7-day view, and half-hourly ones, which the
    /// 24-hour views read.
    private func insertRollups(_ snapshot: Snapshot, db: Database) throws {
        let takenAt = snapshot.generatedAt.timeIntervalSince1970
        let hour = Int64((takenAt / 3600).rounded(.down))
        let halfHour = Self.halfHour(containing: takenAt)
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO hourlyRollup (seriesKey, hour, samples, online, latencySum, latencyCount, latencyMin, latencyMax)
                VALUES (?, ?, 1, ?, ?, ?, ?, ?)
                ON CONFLICT(seriesKey, hour) DO UPDATE SET
                    samples = samples + 1,
                    online = online + excluded.online,
                    latencySum = latencySum + excluded.latencySum,
                    latencyCount = latencyCount + excluded.latencyCount,
                    latencyMin = CASE WHEN latencyMin IS NULL THEN excluded.latencyMin
                        WHEN excluded.latencyMin IS NULL THEN latencyMin ELSE MIN(latencyMin, excluded.latencyMin) END,
                    latencyMax = CASE WHEN latencyMax IS NULL THEN excluded.latencyMax
                        WHEN excluded.latencyMax IS NULL THEN latencyMax ELSE MAX(latencyMax, excluded.latencyMax) END
                """)
        let upsertHalfHour = try db.cachedStatement(
            sql: """
                INSERT INTO halfHourRollup (seriesKey, halfHour, samples, online, latencySum, latencyCount)
                VALUES (?, ?, 1, ?, ?, ?)
                ON CONFLICT(seriesKey, halfHour) DO UPDATE SET
                    samples = samples + 1,
                    online = online + excluded.online,
                    latencySum = latencySum + excluded.latencySum,
                    latencyCount = latencyCount + excluded.latencyCount
                """)
        func add(_ key: String, online: Bool, latency: Double?) throws {
            try upsert.execute(arguments: [key, hour, online ? 1 : 0, latency ?? 0, latency == nil ? 0 : 1, latency, latency])
            try upsertHalfHour.execute(arguments: [key, halfHour, online ? 1 : 0, latency ?? 0, latency == nil ? 0 : 1])
        }
        let status = snapshot.status
        try add("gateway", online: status.isConnected, latency: status.gatewayLatency)
        for target in snapshot.targets {
            try add("target:" + target.id.uuidString, online: target.isOnline, latency: target.currentLatency)
        }
    }

    /// One bounded step of retention: old raw samples (children first, so no single delete
    /// cascades through a whole backlog), roll-ups, events and long-gone devices.
    private func prune(before now: Date, db: Database) throws {
        let rawCutoff = now.timeIntervalSince1970 - retention.rawSeconds
        let rollupCutoff = now.timeIntervalSince1970 - retention.rollupSeconds
        for table in ["deviceSighting", "targetResult"] {
            try db.execute(
                sql: "DELETE FROM \(table) WHERE rowid IN (SELECT rowid FROM \(table) WHERE takenAt < ? LIMIT ?)",
                arguments: [rawCutoff, retention.deleteBatch])
        }
        try db.execute(
            sql: """
                DELETE FROM snapshot WHERE id IN (SELECT id FROM snapshot WHERE takenAt < ?
                    AND NOT EXISTS (SELECT 1 FROM deviceSighting WHERE snapshotId = snapshot.id)
                    AND NOT EXISTS (SELECT 1 FROM targetResult WHERE snapshotId = snapshot.id)
                    ORDER BY takenAt LIMIT ?)
                """,
            arguments: [rawCutoff, retention.deleteBatch])
        // Half-hours serve only the 24-hour views; twice the window is kept, so a summary
        // for a moment a little before the newest snapshot (a clock stepped back) still
        // finds its whole window.
        let halfHourCutoff = Self.halfHour(containing: now.timeIntervalSince1970 - 2 * Self.seriesWindow)
        try db.execute(
            sql: """
                DELETE FROM halfHourRollup WHERE (seriesKey, halfHour) IN
                    (SELECT seriesKey, halfHour FROM halfHourRollup WHERE halfHour < ? LIMIT ?)
                """,
            arguments: [halfHourCutoff, retention.deleteBatch])
        try db.execute(
            sql: """
                DELETE FROM hourlyRollup WHERE rowid IN
                    (SELECT rowid FROM hourlyRollup WHERE hour < ? ORDER BY hour LIMIT ?)
                """,
            arguments: [Int64(rollupCutoff / 3600), retention.deleteBatch])
        try db.execute(
            sql: "DELETE FROM event WHERE id IN (SELECT id FROM event WHERE occurredAt < ? ORDER BY occurredAt LIMIT ?)",
            arguments: [rollupCutoff, retention.deleteBatch])
        try db.execute(
            sql: "DELETE FROM device WHERE key IN (SELECT key FROM device WHERE lastSeen < ? LIMIT ?)",
            arguments: [rollupCutoff, retention.deleteBatch])
    }
}
