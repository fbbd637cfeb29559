import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapDisplays

/// The refresh rate follows the news: the alert rate while anything is wrong or just
/// changed, the normal one when calm, the sleep at night, twice as long on a low battery.
/// (That an early ask gets the same picture back: NetsnapServerTests' DisplayRefreshTests.)
@Suite struct DisplayRefreshTests {
    static let zone = TimeZone(identifier: "Europe/Zurich")!
    static let schedule = DisplaySchedule(refreshSeconds: 900, sleepFrom: 23 * 60, sleepUntil: 6 * 60, alertRefreshSeconds: 120)
    /// 2026-11-18 12:06:40 in Zurich: awake.
    static let noon = Date(timeIntervalSince1970: 1_795_000_000)

    /// The sample network at `date`: one target down.
    static func widgets(at date: Date) -> WidgetSet { WidgetSet(SampleSnapshot.snapshot.redated(to: date)) }

    /// The sample network with every target answering: nothing down, nothing to hurry for.
    static func calmWidgets(at date: Date) -> WidgetSet {
        var snapshot = SampleSnapshot.snapshot.redated(to: date)
        for index in snapshot.targets.indices {
            snapshot.targets[index].isOnline = true
            snapshot.targets[index].currentLatency = 12
        }
        return WidgetSet(snapshot)
    }

    @Test func calmIsNormalTroubleIsUrgentAndAChangeStaysUrgentForAPeriod() {
        let refresh = DisplayRefresh(schedule: Self.schedule, timeZone: Self.zone)
        let calm = Self.calmWidgets(at: Self.noon)
        #expect(calm.overall == .online)
        #expect(refresh.seconds(at: Self.noon, widgets: calm, lowBattery: false) == 900)
        #expect(refresh.seconds(at: Self.noon, widgets: nil, lowBattery: false) == 900)

        let later = Self.noon.addingTimeInterval(60)
        let trouble = Self.widgets(at: later)
        #expect(trouble.overall != .online)
        #expect(refresh.seconds(at: later, widgets: trouble, lowBattery: false) == 120)

        // Recovered: still urgent for one normal period, so the wall shows the good news soon.
        let recovered = later.addingTimeInterval(300)
        #expect(refresh.seconds(at: recovered, widgets: Self.calmWidgets(at: recovered), lowBattery: false) == 120)
        let calmAgain = recovered.addingTimeInterval(900)
        #expect(refresh.seconds(at: calmAgain, widgets: Self.calmWidgets(at: calmAgain), lowBattery: false) == 900)

        // Stale data is news too.
        let stale = calmAgain.addingTimeInterval(3_600)
        #expect(refresh.seconds(at: stale, widgets: Self.calmWidgets(at: calmAgain), lowBattery: false) == 120)
    }

    @Test func aLowBatteryWaitsTwiceAsLongAndTheNightSleepsWhateverHappens() throws {
        let refresh = DisplayRefresh(schedule: Self.schedule, timeZone: Self.zone)
        #expect(refresh.seconds(at: Self.noon, widgets: Self.calmWidgets(at: Self.noon), lowBattery: true) == 1_800)
        let troubled = Self.noon.addingTimeInterval(60)
        #expect(refresh.seconds(at: troubled, widgets: Self.widgets(at: troubled), lowBattery: true) == 240)
        // 23:30 in Zurich: asleep until 06:00, down or not, low battery or not.
        let night = try #require(RFC3339.parse("2026-11-18T22:30:00Z"))
        #expect(refresh.seconds(at: night, widgets: Self.widgets(at: night), lowBattery: true) == 6 * 3_600 + 1_800)
    }
}
