import Foundation
import GRDB
import NetsnapModel
import Testing

@testable import NetsnapHistory

@Suite struct HistoryStoreTests {
    let detector = EventDetector()

    @Test func uptimeAndSeriesFromHistory() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        // 60 snapshots, one a minute; the NAS is offline in 15 of them.
        for minute in 0..<60 {
            _ = try store.record(HistoryFixtures.snapshot(minute: minute, nasOnline: minute % 4 != 0), detector: detector)
        }
        let end = HistoryFixtures.start.addingTimeInterval(59 * 60)
        let last = HistoryFixtures.snapshot(minute: 59)
        let summary = try store.summary(endingAt: end, targets: last.targets)
        let nas = try #require(summary.targets.first { $0.name == "NAS" })
        #expect(nas.uptime24h == 75)
        #expect(nas.uptime7d == 75)
        #expect(summary.targets.first { $0.name == "Web" }?.uptime24h == 100)
        #expect(summary.gatewayLatency.points.count == HistoryStore.seriesPoints)
        #expect(summary.gatewayLatency.points.compactMap { $0 }.allSatisfy { $0 == 4 })
        #expect(summary.gatewayLatency.points.last! != nil, "the newest bucket holds the latest samples")
        #expect(summary.gatewayLatency.isDrawable)
    }

    /// The 24-hour views read the half-hour roll-ups, not the day's raw samples: a cycle's
    /// cost and memory do not grow with a short interval. The window is the 48 half-hours
    /// up to the newest; half-hours older than two windows are pruned.
    @Test func dayViewsComeFromHalfHourRollups() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        // A snapshot every half-hour for 26 h (the fixture's start is not on a half-hour, so
        // snapshot k falls in half-hour k); the gateway's latency is k, unmeasured when k is
        // a multiple of 7; the NAS is down up to k = 5. A second snapshot in half-hour 50
        // measures nothing (the average stays 50), one in the newest half-hour brings its
        // average to (52 + 100) / 2.
        for k in 0...52 {
            _ = try store.record(
                HistoryFixtures.snapshot(minute: k * 30, nasOnline: k > 5, gatewayLatency: k % 7 == 0 ? nil : Double(k)),
                detector: detector)
            if k == 50 { _ = try store.record(HistoryFixtures.snapshot(minute: k * 30 + 5, gatewayLatency: nil), detector: detector) }
        }
        let last = HistoryFixtures.snapshot(minute: 52 * 30 + 10, gatewayLatency: 100)
        _ = try store.record(last, detector: detector)
        let summary = try store.summary(endingAt: last.generatedAt, targets: last.targets)
        // The window is k = 5…52: 48 half-hours, 50 samples, one of them with the NAS down.
        let expected: [Double?] = (5...51).map { $0 % 7 == 0 ? nil : Double($0) } + [76]
        #expect(summary.gatewayLatency.points == expected)
        #expect(summary.gatewayLatency.bucketSeconds == 1800 && summary.gatewayLatency.endsAt == last.generatedAt)
        let nas = try #require(summary.targets.first { $0.name == "NAS" })
        #expect(nas.uptime24h == 49.0 / 50 * 100)
        #expect(nas.latency.points.first! == nil && nas.latency.points.dropFirst().allSatisfy { $0 == 2 })
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "DELETE FROM targetResult; DELETE FROM snapshot") }
        #expect(try store.summary(endingAt: last.generatedAt, targets: last.targets) == summary)
        // 26 h of half-hours are within two windows: none pruned yet.
        let count = "SELECT COUNT(*) FROM halfHourRollup WHERE seriesKey = 'gateway'"
        #expect(try queue.read { try Int.fetchOne($0, sql: count) } == 53)
        for k in stride(from: 53, through: 120, by: 1) {
            _ = try store.record(HistoryFixtures.snapshot(minute: k * 30), detector: detector)
        }
        #expect(try queue.read { try Int.fetchOne($0, sql: count) } == 97, "two windows of 48 and the one holding the newest")
    }

    /// What keeps a months-long watch flat: a fixed page cache on every connection and a
    /// bounded number of connections.
    @Test func databaseMemoryIsBounded() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        #expect(store.pool.configuration.maximumReaderCount == 2)
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -HistoryStore.pageCacheKilobytes)
        #expect(try store.pool.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -HistoryStore.pageCacheKilobytes)
    }

    @Test func devicesKeepStableIdsAndEarliestFirstSeen() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let first = HistoryFixtures.device("3c:22:fb:00:00:17", name: "Phone")
        let outcome = try store.record(HistoryFixtures.snapshot(minute: 0, devices: [first]), detector: detector)
        var later = HistoryFixtures.device("3c:22:fb:00:00:17", name: "Phone")
        later.firstSeen = HistoryFixtures.start.addingTimeInterval(3600)
        let second = try store.record(HistoryFixtures.snapshot(minute: 1, devices: [later]), detector: detector)
        #expect(second.snapshot.devices.first?.id == outcome.snapshot.devices.first?.id)
        #expect(second.snapshot.devices.first?.id == first.id)
        #expect(second.snapshot.devices.first?.firstSeen == HistoryFixtures.start)
    }

    @Test func retentionPrunesRawSamplesButKeepsRollups() throws {
        let retention = RetentionPolicy(rawSeconds: 600, rollupSeconds: 7200, deleteBatch: 1_000)
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path, retention: retention)
        // A gateway that changes every minute: raw samples are written when a state changes.
        for minute in 0..<30 {
            _ = try store.record(HistoryFixtures.snapshot(minute: minute, gatewayIP: "192.168.1.\(minute + 1)"), detector: detector)
        }
        let queue = try DatabaseQueue(path: path)
        let (snapshots, results, rollups) = try queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshot")!,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM targetResult")!,
                try Int.fetchOne(db, sql: HistoryFixtures.gatewaySamples)!
            )
        }
        #expect(snapshots == 11, "10 minutes of raw samples plus the newest")
        #expect(results == 22, "target results go with their snapshot")
        #expect(rollups == 30, "roll-ups keep every sample")
    }

    /// A snapshot delivered again after its raw row was pruned is not counted a second time.
    @Test func aSnapshotOlderThanRawRetentionIsNotRecordedAgain() throws {
        let retention = RetentionPolicy(rawSeconds: 600, rollupSeconds: 7200, deleteBatch: 1_000)
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path, retention: retention)
        for minute in 0..<30 { _ = try store.record(HistoryFixtures.snapshot(minute: minute), detector: detector) }
        let rollups = "SELECT SUM(samples) FROM hourlyRollup WHERE seriesKey = 'gateway'"
        let queue = try DatabaseQueue(path: path)
        let before = try queue.read { try Int.fetchOne($0, sql: rollups) }
        #expect(
            try queue.read {
                try Int.fetchOne(
                    $0, sql: "SELECT COUNT(*) FROM snapshot WHERE takenAt = ?", arguments: [HistoryFixtures.start.timeIntervalSince1970])
            } == 0)
        let again = try store.record(HistoryFixtures.snapshot(minute: 0), detector: detector)
        #expect(!again.isNew)
        #expect(try queue.read { try Int.fetchOne($0, sql: rollups) } == before)
        #expect(try store.record(HistoryFixtures.snapshot(minute: 25, nasOnline: false), detector: detector).isNew == false)
        #expect(try store.record(HistoryFixtures.snapshot(minute: 30), detector: detector).isNew)
    }

    @Test func retentionIsIncremental() throws {
        let retention = RetentionPolicy(rawSeconds: 60, rollupSeconds: 86_400, deleteBatch: 2)
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path, retention: RetentionPolicy(rawSeconds: 1e9))
        for minute in 0..<10 {
            _ = try store.record(HistoryFixtures.snapshot(minute: minute, gatewayIP: "192.168.1.\(minute + 1)"), detector: detector)
        }
        let pruning = try HistoryStore(path: path, retention: retention)
        _ = try pruning.record(HistoryFixtures.snapshot(minute: 100), detector: detector)
        let (snapshots, sightings) = try DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshot")!, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM deviceSighting")!)
        }
        #expect(sightings == 22 - 2, "one cycle deletes at most deleteBatch rows of a table")
        #expect(snapshots == 10, "a snapshot goes once its samples are gone: 11 stored, 1 emptied")
    }

    @Test func migratesAVersionOneDatabaseAndKeepsItsData() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let queue = try DatabaseQueue(path: path)
        try HistoryMigrations.migrator(upTo: "v1-samples").migrate(queue)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO snapshot VALUES (1, ?, 'connected', 'wifi', '192.168.1.1', NULL, 5, 1, 1, 1, 1);
                    INSERT INTO targetResult VALUES (1, ?, 'NAS', 0, NULL, ?);
                    """,
                arguments: [
                    HistoryFixtures.start.timeIntervalSince1970, HistoryFixtures.nas.uuidString,
                    HistoryFixtures.start.timeIntervalSince1970,
                ])
        }
        try queue.close()
        let store = try HistoryStore(path: path)
        let summary = try store.summary(endingAt: HistoryFixtures.start, targets: HistoryFixtures.snapshot(minute: 0).targets)
        #expect(summary.targets.first?.uptime24h == 0)
        #expect(summary.targets.first?.uptime7d == 0, "v2 rolled up the v1 samples")
        #expect(summary.gatewayLatency.points.last! == 5, "v4 rolled the gateway's v1 samples into half-hours")
        let applied = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied == HistoryMigrations.identifiers)
    }

    @Test func emptyDatabaseIsCreatedInWALMode() throws {
        let path = HistoryFixtures.temporaryDatabase()
        _ = try HistoryStore(path: path)
        let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode")! }
        #expect(mode == "wal")
    }

    @Test func newerDatabaseIsRefusedAndLeftUntouched() throws {
        let path = HistoryFixtures.temporaryDatabase()
        _ = try HistoryStore(path: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: HistoryError.newerDatabase(path: path, unknownMigrations: ["v9-from-the-future"])) {
            _ = try HistoryStore(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

@Suite struct IdentityImportTests {
    @Test func importedIdentitiesBecomeTheStableIds() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let remembered = UUID()
        let early = HistoryFixtures.start.addingTimeInterval(-86_400)
        let imported = try store.importIdentities([
            DeviceIdentity(key: "3c:22:fb:00:00:17", id: remembered, firstSeen: early, lastSeen: HistoryFixtures.start)
        ])
        #expect(imported == 1)
        #expect(
            try store.importIdentities([
                DeviceIdentity(key: "3c:22:fb:00:00:17", id: UUID(), firstSeen: HistoryFixtures.start, lastSeen: HistoryFixtures.start)
            ]) == 0, "repeating the import adds nothing")
        let outcome = try store.record(HistoryFixtures.snapshot(minute: 0), detector: EventDetector())
        let phone = try #require(outcome.snapshot.devices.first { $0.macAddress?.text == "3c:22:fb:00:00:17" })
        #expect(phone.id == remembered)
        #expect(phone.firstSeen == early)
    }
}
