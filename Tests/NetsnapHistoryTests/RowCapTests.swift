import Foundation
import GRDB
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// The caps that bound the database whatever the network does within the time limits.
@Suite struct RowCapTests {
    let detector = EventDetector(failuresBeforeEvent: 1)

    func count(_ path: String, _ table: String) throws -> Int {
        try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)")! }
    }

    @Test func rawRowsAndEventsStayUnderTheirCaps() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path, retention: RetentionPolicy(maximumRawRows: 10, maximumEvents: 5))
        for minute in 0..<40 {
            _ = try store.record(
                HistoryFixtures.snapshot(minute: minute, nasOnline: minute % 2 == 0, gatewayIP: "192.168.1.\(minute + 1)"),
                detector: detector)
        }
        #expect(try count(path, "snapshot") <= 10 + 1)
        #expect(try count(path, "targetResult") <= 10 + 1)
        #expect(try count(path, "deviceSighting") <= 10 + 1)
        #expect(try count(path, "event") <= 5 + 2)
        let newest = try store.recentEvents(limit: 1).first
        #expect(newest.map { $0.occurredAt == HistoryFixtures.snapshot(minute: 39).generatedAt } == true, "the newest are kept")
    }

    @Test func onlyTheNewestCorruptCopyIsKept() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let folder = (path as NSString).deletingLastPathComponent
        for (index, moment) in [HistoryFixtures.start, HistoryFixtures.start.addingTimeInterval(60)].enumerated() {
            try Data(repeating: UInt8(0x50 + index), count: 8192).write(to: URL(fileURLWithPath: path))
            _ = try HistoryStore.open(path: path, now: moment)
        }
        let copies = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".corrupt-") }
        #expect(copies == ["history.sqlite.corrupt-20261118T110740Z"])
    }
}
