import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// The snapshot archive keeps every snapshot, then one an hour, then one a day, within its
/// size bound, and gives them back as they were.
@Suite struct ArchiveTests {
    let detector = EventDetector(failuresBeforeEvent: 2)

    /// 40 days of a snapshot every 30 minutes: the newest 48 h whole, one an hour back to
    /// 30 days, one a day before that.
    @Test func theTiersThinAsTheyAge() throws {
        let policy = ArchivePolicy(everySnapshotSeconds: 48 * 3600, hourlySeconds: 30 * 86_400, dailySeconds: 365 * 86_400)
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase(), retention: RetentionPolicy(archive: policy))
        let count = 40 * 48
        for index in 0..<count {
            _ = try store.record(HistoryFixtures.snapshot(minute: index * 30), detector: detector)
        }
        let newest = HistoryFixtures.start.addingTimeInterval(Double(count - 1) * 1800).timeIntervalSince1970
        let entries = try store.archiveEntries().map { $0.takenAt.timeIntervalSince1970 }
        // Worked out independently of the store: which times each tier keeps.
        let all = (0..<count).map { HistoryFixtures.start.timeIntervalSince1970 + Double($0) * 1800 }
        let everyCut = newest - policy.everySnapshotSeconds
        let hourlyCut = newest - policy.hourlySeconds
        func first(_ times: [Double], bucket: Double, of time: Double) -> Double? {
            times.filter { ($0 / bucket).rounded(.down) == (time / bucket).rounded(.down) }.min()
        }
        let expected = all.filter { time in
            if time >= everyCut { return true }
            // A snapshot outlives the hourly tier only as the first of its hour, the daily one
            // only as the first of its day (thinning runs as they age, not once at the end).
            if time >= hourlyCut { return time == first(all, bucket: 3600, of: time) }
            return time == first(all, bucket: 86_400, of: time)
        }
        #expect(entries.count == expected.count)
        #expect(entries == expected)
        #expect(entries.filter { newest - $0 <= 48 * 3600 }.count == 97)
    }

    /// Snapshots a cycle apart are written to the archive ten minutes' worth at a time, not
    /// one a cycle; until then they count as recorded (replays, the newest time), and any
    /// read of the archive, or the store going away, writes them first.
    @Test func theArchiveIsWrittenInBatches() throws {
        let path = HistoryFixtures.temporaryDatabase()
        var store: HistoryStore? = try HistoryStore(path: path)
        func stored() throws -> Int {
            try #require(try store?.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshotArchive") })
        }
        // 25 snapshots 30 s apart: the first alone, then those of the next ten minutes together.
        func at(_ seconds: Double) -> Snapshot {
            var snapshot = HistoryFixtures.snapshot(minute: 0)
            snapshot.generatedAt = HistoryFixtures.start.addingTimeInterval(seconds)
            return snapshot
        }
        let snapshots = (0..<25).map { at(Double($0) * 30) }
        var writtenAfter: [Int] = []
        for snapshot in snapshots {
            _ = try store?.record(snapshot, detector: detector)
            writtenAfter.append(try stored())
        }
        #expect(writtenAfter[0] == 1)
        #expect(writtenAfter[1...19].allSatisfy { $0 == 1 }, "\(writtenAfter)")
        #expect(writtenAfter[20] == 21)
        #expect(writtenAfter[24] == 21)
        #expect(try store?.newestRecordedAt() == snapshots[24].generatedAt)
        #expect(try store?.record(snapshots[23], detector: detector).isNew == false, "a waiting snapshot is no new one")
        #expect(try store?.archiveEntries().count == 25)
        #expect(try stored() == 25)
        // The store going away writes what waits.
        _ = try store?.record(at(25 * 30), detector: detector)
        store = nil
        #expect(try HistoryStore(path: path).pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM snapshotArchive") } == 26)
    }

    @Test func snapshotsComeBackAsTheyWereStored() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let snapshots = (0..<3).map { HistoryFixtures.snapshot(minute: $0 * 5, nasOnline: $0 != 1) }
        for snapshot in snapshots { _ = try store.record(snapshot, detector: detector) }
        let middle = try #require(try store.archivedSnapshotJSON(atOrBefore: snapshots[1].generatedAt.addingTimeInterval(60)))
        let restored = try SnapshotDecoder.decode(middle)
        #expect(restored.generatedAt == snapshots[1].generatedAt)
        #expect(restored.targets.map(\.isOnline) == [false, true])
        #expect(try store.archivedSnapshotJSON(atOrBefore: snapshots[0].generatedAt.addingTimeInterval(-1)) == nil)
        var exported: [Date] = []
        try store.forEachArchivedSnapshot(from: snapshots[1].generatedAt, until: nil) {
            exported.append(try SnapshotDecoder.decode($0).generatedAt)
        }
        #expect(exported == [snapshots[1].generatedAt, snapshots[2].generatedAt])
        let entry = try #require(try store.archiveEntries().first)
        #expect(entry.storedSize < entry.size / 2)
    }

    @Test func theSizeBoundDropsTheOldestFirst() throws {
        let policy = ArchivePolicy(maximumBytes: 20_000)
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase(), retention: RetentionPolicy(archive: policy))
        for minute in 0..<200 { _ = try store.record(HistoryFixtures.snapshot(minute: minute * 10), detector: detector) }
        let entries = try store.archiveEntries()
        #expect(entries.reduce(0) { $0 + $1.storedSize } <= 20_000)
        #expect(entries.last?.takenAt == HistoryFixtures.start.addingTimeInterval(199 * 600))
        #expect(entries.count > 5)
    }

    @Test func noArchiveWhenItsBoundIsZero() throws {
        let store = try HistoryStore(
            path: HistoryFixtures.temporaryDatabase(), retention: RetentionPolicy(archive: ArchivePolicy(maximumBytes: 0)))
        _ = try store.record(HistoryFixtures.snapshot(minute: 0), detector: detector)
        #expect(try store.archiveEntries().isEmpty)
    }
}

/// A snapshot taken at a sub-millisecond time is found by its time as outputs show it.
@Suite struct ArchiveLookupTests {
    @Test func theShownTimeFindsItsSnapshot() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        var snapshot = HistoryFixtures.snapshot(minute: 0)
        snapshot.generatedAt = snapshot.generatedAt.addingTimeInterval(0.873_4)
        _ = try store.record(snapshot, detector: EventDetector())
        let shown = try #require(RFC3339.parse(RFC3339.format(snapshot.generatedAt)))
        #expect(shown < snapshot.generatedAt)
        #expect(try store.archivedSnapshotJSON(atOrBefore: shown) != nil)
    }
}
