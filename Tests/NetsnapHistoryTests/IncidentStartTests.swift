import Foundation
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// An incident is dated from the first failed check of its run, though it is opened only
/// when the run is confirmed; a blip never opens one, and going down again soon after
/// recovering continues the same incident.
@Suite struct IncidentStartTests {
    let detector = EventDetector(failuresBeforeEvent: 3, latencyThresholdMs: 100)

    func record(_ store: HistoryStore, minutes: Range<Int>, nasOnline: Bool) throws -> [NetworkEvent] {
        try minutes.flatMap { try store.record(HistoryFixtures.snapshot(minute: $0, nasOnline: nasOnline), detector: detector).events }
    }

    func minute(_ count: Int) -> Date { HistoryFixtures.start.addingTimeInterval(Double(count) * 60) }

    @Test func theIncidentBeginsAtTheFirstFailureAndEndsAtTheRecovery() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        _ = try record(store, minutes: 0..<10, nasOnline: true)
        let down = try record(store, minutes: 10..<15, nasOnline: false)
        #expect(down.map(\.kind) == [.targetDown] && down[0].occurredAt == minute(12), "confirmed at the third failure")
        #expect(down[0].wording.data["since"] == "2026-11-18T11:16:40Z" && down[0].publicWording.data["since"] != nil)
        _ = try record(store, minutes: 15..<20, nasOnline: true)
        let incidents = try store.incidents(since: .distantPast)
        #expect(incidents.count == 1)
        #expect(incidents.first?.startedAt == minute(10) && incidents.first?.endedAt == minute(15))
        #expect(incidents.first?.durationSeconds(at: minute(30)) == 300)
    }

    @Test func aBlipOpensNothingAndFlappingStaysOneIncident() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        _ = try record(store, minutes: 0..<5, nasOnline: true)
        _ = try record(store, minutes: 5..<7, nasOnline: false)
        _ = try record(store, minutes: 7..<10, nasOnline: true)
        #expect(try store.incidents(since: .distantPast).isEmpty, "two failures are a blip")
        _ = try record(store, minutes: 10..<14, nasOnline: false)
        _ = try record(store, minutes: 14..<16, nasOnline: true)
        // Down again 4 minutes after recovering (within the 10-minute merge): the same incident.
        _ = try record(store, minutes: 18..<22, nasOnline: false)
        _ = try record(store, minutes: 22..<25, nasOnline: true)
        let incidents = try store.incidents(since: .distantPast)
        #expect(incidents.count == 1)
        #expect(incidents.first?.startedAt == minute(10) && incidents.first?.endedAt == minute(22))
        // The day's bar counts it once, on the day it began.
        let report = try store.uptimeReport(
            endingAt: minute(25), targets: HistoryFixtures.snapshot(minute: 25).targets, timeZone: TimeZone(identifier: "UTC")!,
            latencyThresholdMs: 100)
        let nas = try #require(report.series.first { $0.targetID == HistoryFixtures.nas })
        #expect(nas.days.map(\.incidents).reduce(0, +) == 1)
    }

    @Test func aLostConnectionIsDatedFromItsFirstFailedCheckToo() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        _ = try record(store, minutes: 0..<3, nasOnline: true)
        for index in 3..<7 {
            _ = try store.record(HistoryFixtures.snapshot(minute: index, gatewayIP: nil), detector: detector)
        }
        _ = try record(store, minutes: 7..<8, nasOnline: true)
        let incident = try #require(try store.incidents(since: .distantPast).first)
        #expect(incident.subject == .connection && incident.startedAt == minute(3) && incident.endedAt == minute(7))
    }
}
