import Foundation
import NetsnapLanguage
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// The line's speed in the history: each measurement stored once however many snapshots
/// carry it, and `speedLow` after `afterRuns` short measurements in a row — runs, not
/// snapshots — with `speedNormal` at the first measurement over the threshold again.
@Suite struct SpeedHistoryTests {
    let detector = EventDetector(speedAlert: SpeedAlert(belowMbps: 50, afterRuns: 3))

    /// The snapshot of `minute`, carrying the measurement taken at `measuredMinute`.
    func snapshot(_ minute: Int, measuredMinute: Int, download: Double, upload: Double = 20) -> Snapshot {
        var snapshot = HistoryFixtures.snapshot(minute: minute)
        snapshot.speed = SpeedResult(
            measuredAt: HistoryFixtures.start.addingTimeInterval(Double(measuredMinute) * 60), downloadMbps: download,
            uploadMbps: upload, latencyMs: 12, jitterMs: 1.5, server: "10.0.0.2", tool: "iperf3", bytesUsed: 1e7)
        return snapshot
    }

    @Test func threeShortRunsInARowRaiseOneEventAndAGoodRunEndsIt() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        var kinds: [[NetworkEvent.Kind]] = []
        // Runs at minutes 0, 3, 6, 9, 12; every snapshot in between carries the run before it.
        // The slower direction counts: the upload of 20 is short even when the download is not.
        let downloads: [Double] = [90, 40, 40, 90, 30, 30, 30, 30, 95]
        for minute in 0..<27 {
            let run = minute / 3
            let outcome = try store.record(
                snapshot(minute, measuredMinute: run * 3, download: downloads[run], upload: run >= 8 ? 60 : (run == 3 ? 20 : 60)),
                detector: detector)
            kinds.append(outcome.events.map(\.kind).filter { $0 == .speedLow || $0 == .speedNormal })
        }
        let raised = kinds.enumerated().filter { !$0.element.isEmpty }.map { ($0.offset, $0.element) }
        // Runs 1–3 short (the third by its upload): low at run 3 (minute 9); 4–7 short: still low,
        // no second event; run 8 over the threshold both ways: normal at minute 24.
        #expect(raised.map(\.0) == [9, 24])
        #expect(raised.map(\.1) == [[.speedLow], [.speedNormal]])
        let stored = try store.speedResults(since: HistoryFixtures.start)
        #expect(stored.count == 9, "one row per measurement, not per snapshot")
        #expect(stored.map(\.downloadMbps) == downloads.map { Optional($0) })
        #expect(stored.first == snapshot(0, measuredMinute: 0, download: 90, upload: 60).speed)
    }

    @Test func theEventSaysHowManyRunsAndWhatTheLastMeasuredInTheLanguage() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        var german = detector
        german.wording = try #require(Wording(locale: "de-DE"))
        var events: [NetworkEvent] = []
        for run in 0..<3 {
            events += try store.record(snapshot(run, measuredMinute: run, download: 42.5, upload: 9.8), detector: german).events
        }
        let low = try #require(events.first { $0.kind == .speedLow })
        #expect(low.wording.title == "Die Leitung ist langsam")
        #expect(low.wording.text == "3 Geschwindigkeitstests in Folge unter 50 Mbit/s; zuletzt: 42,5 Mbit/s Download, 9,8 Mbit/s Upload.")
        #expect(low.wording.data["downloadMbps"] == "42.5" && low.wording.data["runs"] == "3")
        #expect(low.tags == ["speedLow", "problem"])
    }

    @Test func withoutAnAlertNoSpeedEvents() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        for run in 0..<5 {
            let events = try store.record(snapshot(run, measuredMinute: run, download: 1), detector: EventDetector()).events
            #expect(!events.contains { $0.kind == .speedLow })
        }
        #expect(try store.speedResults(since: HistoryFixtures.start).count == 5)
    }
}

/// The summary's speed series: each day's mean, the last point the summary's day.
@Suite struct SpeedSeriesTests {
    @Test func aDaysResultsAreItsMeanAndEmptyDaysAreGaps() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let day = 86_400.0
        for (minute, download) in [(0, 80.0), (60, 100.0), (Int(2 * day / 60), 50.0)] {
            var snapshot = HistoryFixtures.snapshot(minute: minute)
            snapshot.speed = SpeedResult(measuredAt: snapshot.generatedAt, downloadMbps: download, uploadMbps: download / 10)
            _ = try store.record(snapshot, detector: EventDetector())
        }
        let end = HistoryFixtures.start.addingTimeInterval(2 * day)
        let speed = try #require(try store.summary(endingAt: end, targets: []).speed)
        let points = speed.download.points
        #expect(points.count == HistoryStore.speedDays)
        #expect(points.last == 50 && speed.upload.points.last == 5)
        // The start's day is two days back, or three when the first two results straddle midnight.
        let measured = points.compactMap { $0 }
        #expect(measured == [90, 50] || measured == [80, 100, 50])
        #expect(points.filter { $0 == nil }.count == HistoryStore.speedDays - measured.count)
        #expect(try HistoryStore(path: HistoryFixtures.temporaryDatabase()).summary(endingAt: end, targets: []).speed == nil)
    }
}
