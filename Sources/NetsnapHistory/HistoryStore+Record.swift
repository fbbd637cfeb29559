import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// Stores `snapshot` — status, target results, device sightings, roll-ups — archives it,
    /// detects its events, applies one step of retention, all in one transaction. `devicesKnown` is false
    /// while a message stream has sent no device list yet. `now` is this host's clock, which
    /// tells a replayed snapshot from a clock set back (`isReplay`); a snapshot dated far
    /// ahead of the history never prunes by its own time (`RetentionClock`). Only what
    /// changed is written: raw samples when a state in them changed (`SampleFingerprint`), the
    /// detector's state when it moved, a device's row when its sightings moved an hour.
    /// Under `maintenance` the covered targets' events are marked and their samples kept apart.
    public func record(
        _ snapshot: Snapshot, detector: EventDetector, devicesKnown: Bool = true, now: Date? = nil,
        maintenance: MaintenanceCoverage = MaintenanceCoverage()
    ) throws(HistoryError) -> RecordOutcome {
        try wrap {
            // The memory moves only once the transaction committed, so a failed write is
            // written again in full next time.
            let (outcome, remembered) = try pool.write { db in
                var copy = memory.withLock { $0 }
                let outcome = try record(
                    snapshot, detector: detector, devicesKnown: devicesKnown, now: now, maintenance: maintenance, memory: &copy, db: db)
                return (outcome, copy)
            }
            memory.withLock { $0 = remembered }
            if outcome.isNew { truncateLogWhenShortOfRoom() }
            return outcome
        }
    }

    /// With less than this free beside the database, the write-ahead log is emptied after
    /// every record instead of growing to its limit first.
    static let shortOfRoomBytes: UInt64 = 8 << 20

    /// On a nearly full disk the log's growth between checkpoints (up to ~4 MB of pages) is
    /// what fills it again minutes after room was freed: so it is checkpointed and truncated
    /// after each record while room is short, and the database grows only by what it keeps.
    private func truncateLogWhenShortOfRoom() {
        var stats = statvfs()
        let folder = (path as NSString).deletingLastPathComponent
        guard statvfs(folder.isEmpty ? "." : folder, &stats) == 0 else { return }
        let free = UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
        guard free < Self.shortOfRoomBytes else { return }
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    }

    private func record(
        _ snapshot: Snapshot, detector: EventDetector, devicesKnown: Bool, now: Date?, maintenance: MaintenanceCoverage,
        memory: inout RecordMemory, db: Database
    ) throws -> RecordOutcome {
        let takenAt = snapshot.generatedAt.timeIntervalSince1970
        let identified = try applyIdentities(snapshot, db: db)
        var clock = try memory.retentionClock(db)
        if try takenAt == memory.lastTakenAt || memory.pendingArchive.contains(where: { $0.takenAt == takenAt })
            || isReplay(takenAt, wallClock: now?.timeIntervalSince1970, clock: clock, db: db)
        {
            return RecordOutcome(snapshot: identified, events: [], isNew: false)
        }
        let (pruneAt, change) = clock.advance(to: takenAt)
        let samples = SampleFingerprint(identified)
        if samples != memory.lastSamples { try insertSamples(identified, takenAt: takenAt, db: db) }
        try foldFinishedHalfHours(before: Self.halfHour(containing: takenAt), db: db)
        try insertRollups(identified, maintenance: maintenance, db: db)
        if let speed = identified.speed { try recordSpeed(speed, now: pruneAt, db: db) }
        try archive(identified, takenAt: takenAt, memory: &memory, db: db)
        let stored = try loadDetectorState(db)
        var state = stored
        let events = detector.detect(identified, devicesKnown: devicesKnown, state: &state).map {
            maintenance.covers($0) ? Self.markedAsMaintenance($0, detector.wording) : $0
        }
        state.forgetDevices(goneBefore: pruneAt - retention.rollupSeconds)
        if state != stored { try saveDetectorState(state, db: db) }
        try insertEvents(events, db: db)
        try prune(before: Date(timeIntervalSince1970: pruneAt), db: db)
        try thinArchive(now: pruneAt, memory: &memory, db: db)
        try memory.save(clock, db: db)
        memory.lastTakenAt = takenAt
        memory.lastSamples = samples
        return RecordOutcome(snapshot: identified, events: events, isNew: true, clockNote: change.map { $0.wording(trustedAt: pruneAt) })
    }

    /// The newest snapshot time the history holds — the archive's newest, or the retention
    /// clock's trusted time (saved every 10 minutes) when that is later; nil while it is
    /// empty. Recording goes forward from here: older snapshots are replays.
    public func newestRecordedAt() throws(HistoryError) -> Date? {
        try wrap {
            try pool.read { db in
                var copy = memory.withLock { $0 }
                let archived = try Double.fetchOne(db, sql: "SELECT MAX(takenAt) FROM snapshotArchive")
                let times = [archived, copy.pendingArchive.last?.takenAt, try copy.retentionClock(db).trustedAt].compactMap { $0 }
                return times.max().map(Date.init(timeIntervalSince1970:))
            }
        }
    }

    /// True for a snapshot recorded before: its exact time is stored, or it is no newer than
    /// the last one while this host's clock has not gone back (a re-read file, a replayed
    /// stream). Without a clock (`wallClock` nil) time is taken not to go back. After a clock
    /// that ran ahead is corrected, snapshots older than the last are new, not replays.
    private func isReplay(_ takenAt: Double, wallClock: Double?, clock: RetentionClock, db: Database) throws -> Bool {
        // Raw rows are written only on change; the archive holds every snapshot's time.
        for table in ["snapshot", "snapshotArchive"]
        where try Bool.fetchOne(db, sql: "SELECT 1 FROM \(table) WHERE takenAt = ?", arguments: [takenAt]) == true {
            return true
        }
        guard let trusted = clock.trustedAt, takenAt <= trusted else { return false }
        guard let wallClock else { return true }
        return wallClock >= trusted - Self.clockTolerance
    }

    /// Each device's stable id and earliest first sighting, remembering new ones. A known
    /// device's row is rewritten only when its first sighting moves earlier or its last one
    /// is an hour newer: retention needs no finer `lastSeen`, and a quiet network writes nothing.
    private func applyIdentities(_ snapshot: Snapshot, db: Database) throws -> Snapshot {
        var copy = snapshot
        let select = try db.cachedStatement(sql: "SELECT id, firstSeen, lastSeen FROM device WHERE key = ?")
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO device (key, id, firstSeen, lastSeen) VALUES (?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET firstSeen = MIN(firstSeen, excluded.firstSeen),
                    lastSeen = MAX(lastSeen, excluded.lastSeen)
                """)
        for index in copy.devices.indices {
            let device = copy.devices[index]
            let key = Self.deviceKey(device)
            let firstSeen = device.firstSeen.timeIntervalSince1970
            let lastSeen = device.lastSeen.timeIntervalSince1970
            if let row = try Row.fetchOne(select, arguments: [key]) {
                if let id = UUID(uuidString: row["id"]) { copy.devices[index].id = id }
                let storedFirst: Double = row["firstSeen"]
                let storedLast: Double = row["lastSeen"]
                copy.devices[index].firstSeen = min(Date(timeIntervalSince1970: storedFirst), device.firstSeen)
                if firstSeen >= storedFirst && lastSeen - storedLast < Self.lastSeenResolution { continue }
            }
            try upsert.execute(arguments: [key, copy.devices[index].id.uuidString, firstSeen, lastSeen])
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

    /// One bounded step of retention: old raw samples (children first, so no single delete
    /// cascades through a whole backlog), roll-ups, events and long-gone devices; then the
    /// row caps, oldest first.
    private func prune(before now: Date, db: Database) throws {
        let rawCutoff = now.timeIntervalSince1970 - retention.rawSeconds
        let rollupCutoff = now.timeIntervalSince1970 - retention.rollupSeconds
        for table in ["deviceSighting", "targetResult"] {
            try db.execute(
                sql: "DELETE FROM \(table) WHERE rowid IN (SELECT rowid FROM \(table) WHERE takenAt < ? LIMIT ?)",
                arguments: [rawCutoff, retention.deleteBatch])
            try capRows(of: table, at: retention.maximumRawRows, db: db)
        }
        try capRows(of: "event", at: retention.maximumEvents, db: db)
        try db.execute(
            sql: """
                DELETE FROM snapshot WHERE id IN (SELECT id FROM snapshot WHERE (takenAt < ? OR id <= (SELECT MAX(id) FROM snapshot) - ?)
                    AND NOT EXISTS (SELECT 1 FROM deviceSighting WHERE snapshotId = snapshot.id)
                    AND NOT EXISTS (SELECT 1 FROM targetResult WHERE snapshotId = snapshot.id)
                    ORDER BY takenAt LIMIT ?)
                """,
            arguments: [rawCutoff, retention.maximumRawRows, retention.deleteBatch])
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
            sql: "DELETE FROM incident WHERE id IN (SELECT id FROM incident WHERE endedAt < ? ORDER BY startedAt LIMIT ?)",
            arguments: [rollupCutoff, retention.deleteBatch])
        try db.execute(
            sql: "DELETE FROM device WHERE key IN (SELECT key FROM device WHERE lastSeen < ? LIMIT ?)",
            arguments: [rollupCutoff, retention.deleteBatch])
    }

    /// Deletes the oldest rows of `table` beyond `maximum` (rowids grow with each insert, so
    /// the newest `maximum` rowids are the ones kept), a batch at a time.
    private func capRows(of table: String, at maximum: Int, db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM \(table) WHERE rowid IN (SELECT rowid FROM \(table)
                    WHERE rowid <= (SELECT MAX(rowid) FROM \(table)) - ? ORDER BY rowid LIMIT ?)
                """,
            arguments: [maximum, retention.deleteBatch])
    }
}
