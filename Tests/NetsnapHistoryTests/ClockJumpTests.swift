import Foundation
import GRDB
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// A Pi boots with its clock a year ahead and NTP steps it back: nothing within retention
/// may be lost, recording must resume at once, and the events dated ahead must not stay on top.
@Suite struct ClockJumpTests {
    let detector = EventDetector(failuresBeforeEvent: 2)
    let year = 365.0 * 86_400

    func count(_ path: String, _ table: String) throws -> Int {
        try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)")! }
    }

    /// Minute `minute` of the fixtures, with a gateway that changes so every raw sample is written.
    func changing(_ minute: Int, nasOnline: Bool = true) -> Snapshot {
        HistoryFixtures.snapshot(minute: minute, nasOnline: nasOnline, gatewayIP: "192.168.\(minute / 200).\(minute % 200 + 1)")
    }

    @Test func aYearAheadPrunesNothingAndRecordingResumesAfterTheCorrection() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path, retention: RetentionPolicy(rawSeconds: 48 * 3600, rollupSeconds: 90 * 86_400))
        for minute in 0..<105 { _ = try store.record(changing(minute), detector: detector, now: changing(minute).generatedAt) }
        let before = try count(path, "snapshot")
        #expect(before == 105)
        // Twelve seconds a year ahead: the snapshots say so too.
        for step in 0..<3 {
            var ahead = changing(105 + step)
            ahead.generatedAt += year
            let outcome = try store.record(ahead, detector: detector, now: ahead.generatedAt)
            #expect(outcome.isNew)
            #expect((outcome.clockNote != nil) == (step == 0), "the jump is said once")
        }
        #expect(try count(path, "snapshot") == before + 3, "nothing pruned by the clock that ran ahead")
        // NTP steps the clock back: every following cycle is recorded, and a target going down is an event.
        var events: [NetworkEvent] = []
        for minute in 106..<112 {
            let snapshot = changing(minute, nasOnline: minute < 108)
            let outcome = try store.record(snapshot, detector: detector, now: snapshot.generatedAt)
            #expect(outcome.isNew, "minute \(minute) recorded after the correction")
            events += outcome.events
        }
        #expect(events.contains { $0.kind == .targetDown })
        #expect(try count(path, "snapshot") == before + 3 + 6)
        let summary = try store.summary(endingAt: changing(111).generatedAt, targets: changing(111).targets)
        #expect(summary.targets.allSatisfy { $0.uptime24h != nil })
    }

    @Test func eventsDatedAheadOfTheClockComeLast() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        let now = HistoryFixtures.start.addingTimeInterval(3600)
        let ahead = NetworkEvent(
            kind: .sourceLost, occurredAt: now.addingTimeInterval(year), subjectKey: "source",
            wording: .init(title: "Source lost", text: "dated a year ahead"))
        let recent = NetworkEvent(
            kind: .targetDown, occurredAt: now.addingTimeInterval(-60), subjectKey: "nas", wording: .init(title: "NAS down", text: ""))
        try store.store([ahead, recent])
        #expect(try store.recentEvents(limit: 10, now: now).map(\.id) == [recent.id, ahead.id])
        #expect(try store.recentEvents(limit: 1, now: now).map(\.id) == [recent.id])
        #expect(try store.recentEvents(limit: 10).map(\.id) == [ahead.id, recent.id], "without a clock, dates are trusted")
    }

    @Test func aReplayedSnapshotIsNotCountedAgainButAClockSetBackIs() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        let late = changing(100)
        _ = try store.record(late, detector: detector, now: late.generatedAt)
        let old = changing(50)
        #expect(try !store.record(old, detector: detector, now: late.generatedAt).isNew, "an old file read again")
        #expect(try store.record(old, detector: detector, now: old.generatedAt).isNew, "the clock itself went back")
    }

    @Test func aQuietNetworkWritesRawSamplesOnlyWhenTheyChange() throws {
        let path = HistoryFixtures.temporaryDatabase()
        let store = try HistoryStore(path: path)
        for minute in 0..<50 {
            _ = try store.record(HistoryFixtures.snapshot(minute: minute, gatewayLatency: 4 + Double(minute % 5)), detector: detector)
        }
        #expect(try count(path, "snapshot") == 1, "latencies alone go to the roll-ups")
        #expect(try count(path, "deviceSighting") == 2)
        _ = try store.record(HistoryFixtures.snapshot(minute: 50, nasOnline: false), detector: detector)
        #expect(try count(path, "snapshot") == 2, "a change is written")
        let samples = try DatabaseQueue(path: path).read {
            try Int.fetchOne($0, sql: HistoryFixtures.gatewaySamples)!
        }
        #expect(samples == 51, "the roll-ups still count every cycle")
    }
}
