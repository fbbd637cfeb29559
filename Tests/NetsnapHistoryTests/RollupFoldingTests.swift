import Foundation
import GRDB
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// Half-hours are folded into the hourly roll-ups once over; nothing is counted twice or lost.
@Suite struct RollupFoldingTests {
    let detector = EventDetector(failuresBeforeEvent: 2)

    func rows(_ path: String, _ sql: String) throws -> [Row] { try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: sql) } }

    @Test func aFinishedHalfHourMovesIntoItsHourOnce() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        // Fixtures start at 11:06:40: minutes 0–23 fall in 11:00–11:30, 24–53 in 11:30–12:00, 54– after noon.
        for minute in 0..<60 { _ = try store.record(HistoryFixtures.snapshot(minute: minute), detector: detector) }
        let hours = try rows(path, "SELECT hour, samples FROM hourlyRollup WHERE seriesKey = 'gateway' ORDER BY hour")
        #expect(hours.map { $0["samples"] as Int } == [54], "both finished half-hours of 11:00, once")
        let open = try rows(path, "SELECT samples FROM halfHourRollup WHERE seriesKey = 'gateway' AND folded = 0")
        #expect(open.map { $0["samples"] as Int } == [6], "noon's half-hour still open")
        let total = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: HistoryFixtures.gatewaySamples) }
        #expect(total == 60)
    }

    @Test func aLateSampleForAFoldedHalfHourIsCountedOnce() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        for minute in 0..<40 { _ = try store.record(HistoryFixtures.snapshot(minute: minute), detector: detector) }
        // The clock is set back into the folded half-hour (11:00–11:30).
        var late = HistoryFixtures.snapshot(minute: 10)
        late.generatedAt += 30
        _ = try store.record(late, detector: detector, now: late.generatedAt)
        _ = try store.record(HistoryFixtures.snapshot(minute: 70), detector: detector)
        let total = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: HistoryFixtures.gatewaySamples) }
        #expect(total == 42)
    }

    @Test func theWeeksUptimeCountsTheOpenHalfHour() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        for minute in 0..<10 {
            _ = try store.record(HistoryFixtures.snapshot(minute: minute, nasOnline: minute % 2 == 0), detector: detector)
        }
        let end = HistoryFixtures.snapshot(minute: 9)
        let nas = try store.summary(endingAt: end.generatedAt, targets: end.targets).targets.first { $0.name == "NAS" }
        #expect(nas?.uptime7d == 50, "nothing folded yet, all of it counted")
    }
}
