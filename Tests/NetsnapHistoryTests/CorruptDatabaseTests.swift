import Foundation
import GRDB
import Testing

@testable import NetsnapHistory

/// A corrupt history file is moved aside and a new one started, never a service that stops.
@Suite struct CorruptDatabaseTests {
    let detector = EventDetector(failuresBeforeEvent: 2)

    func movedAside(_ path: String) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasPrefix("history.sqlite.corrupt-") && !$0.hasSuffix("-wal")
        }
    }

    @Test func aFileThatIsNotADatabaseIsMovedAside() throws {
        let path = HistoryFixtures.temporaryDatabase()
        try Data(repeating: 0x5A, count: 16_384).write(to: URL(fileURLWithPath: path))
        let store = try HistoryStore.open(path: path, now: HistoryFixtures.start)
        let recoveries = store.takeRecoveries()
        #expect(recoveries.count == 1)
        #expect(recoveries.first?.movedTo == path + ".corrupt-20261118T110640Z")
        #expect(try movedAside(path) == ["history.sqlite.corrupt-20261118T110640Z"])
        #expect(try store.record(HistoryFixtures.snapshot(minute: 0), detector: detector).isNew, "the new database works")
        #expect(store.takeRecoveries().isEmpty, "said once")
    }

    @Test func aDatabaseThatFailsItsCheckIsMovedAside() throws {
        let path = HistoryFixtures.temporaryDatabase()
        do {
            let store = try HistoryStore(path: path)
            for minute in 0..<200 {
                _ = try store.record(
                    HistoryFixtures.snapshot(minute: minute, gatewayIP: "192.168.\(minute / 200).\(minute % 200 + 1)"), detector: detector)
            }
            _ = try store.pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
        // Garbage over the pages after the first: the header still opens, the tables do not check.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 4096)
        handle.write(Data(repeating: 0xFF, count: 8192))
        try handle.close()
        let store = try HistoryStore.open(path: path)
        #expect(store.takeRecoveries().count == 1)
        let moved = try movedAside(path)
        #expect(moved.count == 1, "\(moved)")
        #expect(try store.record(HistoryFixtures.snapshot(minute: 500), detector: detector).isNew)
    }

    /// A stopped netsnap leaves the history whole in one file, so a bad sector over its
    /// header is found at the next start instead of hidden by a WAL that still holds page 1.
    @Test func aClosedStoreLeavesOneFileWhoseDamageIsFound() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        for minute in 0..<20 { _ = try store.record(HistoryFixtures.snapshot(minute: minute), detector: detector) }
        _ = try store.recentEvents(limit: 5)
        store.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        handle.write(Data(repeating: 0xFF, count: 20_480))
        try handle.close()
        #expect(try HistoryStore.open(path: path).takeRecoveries().count == 1)
    }

    @Test func aSoundDatabaseIsLeftAlone() throws {
        let path = HistoryFixtures.temporaryDatabase()
        _ = try HistoryStore(path: path).record(HistoryFixtures.snapshot(minute: 0), detector: detector)
        let store = try HistoryStore.open(path: path)
        #expect(store.takeRecoveries().isEmpty)
        #expect(try movedAside(path).isEmpty)
    }
}
