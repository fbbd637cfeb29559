import Foundation
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// A target that answers but loses or varies too much becomes degraded after the same
/// number of observations as an outage, and healthy at once; an outage in between is told
/// by its own events.
@Suite struct QualityEventTests {
    let detector = EventDetector(failuresBeforeEvent: 3, latencyThresholdMs: 100, lossThresholdPercent: 5, jitterThresholdMs: 30)

    func snapshot(_ minute: Int, loss: Double? = 0, jitter: Double? = 2, online: Bool = true) -> Snapshot {
        var snapshot = HistoryFixtures.snapshot(minute: minute, nasOnline: online)
        snapshot.targets[0].lossPercent = loss
        snapshot.targets[0].jitterMs = jitter
        return snapshot
    }

    func events(_ store: HistoryStore, _ snapshot: Snapshot) throws -> [NetworkEvent] {
        try store.record(snapshot, detector: detector).events
    }

    @Test func lossOverTheThresholdDegradesAfterThreeChecksAndRecoversAtOnce() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        #expect(try events(store, snapshot(0)).isEmpty)
        #expect(try events(store, snapshot(1, loss: 20)).isEmpty)
        #expect(try events(store, snapshot(2, loss: 5)).isEmpty, "at the threshold is within it: the run starts again")
        #expect(try events(store, snapshot(3, loss: 20)).isEmpty)
        #expect(try events(store, snapshot(4, loss: 40)).isEmpty)
        let degraded = try events(store, snapshot(5, loss: 20, jitter: 45))
        #expect(degraded.map(\.kind) == [.targetDegraded])
        #expect(degraded.first?.wording.text == "NAS (192.168.1.10): 20 % loss (threshold 5 %), 45 ms jitter (threshold 30 ms).")
        #expect(degraded.first?.publicWording.text.contains("192.168") == false)
        #expect(
            degraded.first?.wording.data["lossPercent"] == "20"
                && degraded.first?.wording.data["targetId"] == HistoryFixtures.nas.uuidString)
        #expect(try events(store, snapshot(6, loss: 30)).isEmpty, "reported once")
        let healthy = try events(store, snapshot(7))
        #expect(healthy.map(\.kind) == [.targetHealthy] && healthy.first?.wording.title == "NAS is healthy again")
        // Nothing opens an incident: degraded is not down.
        #expect(try store.incidents(since: .distantPast).isEmpty)
    }

    @Test func jitterAloneDegradesAndAnOutageClearsItQuietly() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        for minute in 0..<3 { _ = try events(store, snapshot(minute, jitter: 50)) }
        #expect(try store.recentEvents(limit: 10).map(\.kind) == [.targetDegraded])
        var kinds: [NetworkEvent.Kind] = []
        for minute in 3..<6 { kinds += try events(store, snapshot(minute, loss: nil, jitter: nil, online: false)).map(\.kind) }
        kinds += try events(store, snapshot(6)).map(\.kind)
        #expect(kinds == [.targetDown, .targetRecovered], "no healthy event for a target that went down")
        // Unmeasured (a single echo per check) is never degraded.
        for minute in 7..<12 { kinds += try events(store, snapshot(minute, loss: nil, jitter: nil)).map(\.kind) }
        #expect(kinds == [.targetDown, .targetRecovered])
    }
}

/// Loss and jitter kept as series beside latency, for sparklines.
@Suite struct QualitySeriesTests {
    @Test func lossAndJitterAreAveragedPerHalfHourAndAbsentWhereNeverMeasured() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let detector = EventDetector()
        // Minutes 0–3 in one half-hour: loss 0, 10, 20, 30 → 15; jitter 2, 4, 6, 8 → 5.
        for minute in 0..<4 {
            var snapshot = HistoryFixtures.snapshot(minute: minute)
            snapshot.targets[0].lossPercent = Double(minute) * 10
            snapshot.targets[0].jitterMs = Double(minute + 1) * 2
            _ = try store.record(snapshot, detector: detector)
        }
        let end = HistoryFixtures.start.addingTimeInterval(240)
        let summary = try store.summary(endingAt: end, targets: HistoryFixtures.snapshot(minute: 4).targets)
        let nas = try #require(summary.targets.first { $0.targetID == HistoryFixtures.nas })
        let loss = try #require(nas.lossPercent)
        let jitter = try #require(nas.jitterMs)
        #expect(loss.points.compactMap { $0 } == [15] && loss.points.last == 15)
        #expect(jitter.points.compactMap { $0 } == [5] && jitter.points.count == HistoryStore.seriesPoints)
        // The web target sends one echo: no series; its uptime is untouched by the new ones.
        let web = try #require(summary.targets.first { $0.targetID == HistoryFixtures.web })
        #expect(web.lossPercent == nil && web.jitterMs == nil && web.uptime24h == 100)
        #expect(nas.uptime24h == 100)
    }
}
