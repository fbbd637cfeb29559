import Foundation
import NetsnapModel
import Testing

@testable import NetsnapWidgets

/// `lossThresholdPercent` and `jitterThresholdMs`: a target that answers but loses or varies
/// more than they allow is degraded, and so is the network; the rows say so and rank it
/// after the offline targets, before the slow ones.
@Suite struct LossJitterRulesTests {
    @Test func lossAboveTheThresholdDegradesTheTargetAndTheNetwork() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.targets[0].lossPercent = 5
        #expect(!StatusRules.isDegraded(snapshot.targets[0], options: WidgetOptions()))
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .online)
        snapshot.targets[0].lossPercent = 5.1
        #expect(StatusRules.isDegraded(snapshot.targets[0], options: WidgetOptions()))
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .degraded)
        #expect(StatusRules.overall(snapshot, options: WidgetOptions(lossThresholdPercent: 10)) == .online)
    }

    @Test func jitterAboveTheThresholdDegradesTheTargetAndTheNetwork() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.targets[2].jitterMs = 30
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .online)
        snapshot.targets[2].jitterMs = 30.5
        #expect(StatusRules.isDegraded(snapshot.targets[2], options: WidgetOptions()))
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .degraded)
        #expect(StatusRules.overall(snapshot, options: WidgetOptions(jitterThresholdMs: 50)) == .online)
    }

    @Test func anOfflineTargetIsNotAlsoDegraded() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.targets[0].isOnline = false
        snapshot.targets[0].lossPercent = 100
        #expect(!StatusRules.isDegraded(snapshot.targets[0], options: WidgetOptions()))
        let row = WidgetSet(snapshot).large.topTargets[0]
        #expect(!row.isOnline && !row.isDegraded && row.lossPercent == 100)
    }

    @Test func withoutFiguresNothingIsDegraded() {
        let widgets = WidgetSet(WidgetFixtures.snapshot())
        #expect(widgets.overall == .online)
        #expect(widgets.dashboard.targets.allSatisfy { !$0.isDegraded && $0.lossPercent == nil && $0.jitterMs == nil })
    }

    @Test func rowsCarryTheFiguresAndRankDegradedAfterOfflineBeforeSlow() {
        var snapshot = WidgetFixtures.snapshot()
        // A (10 ms) loses echoes, B (30 ms) is the slowest, C (20 ms) is down.
        snapshot.targets[0].lossPercent = 20
        snapshot.targets[0].jitterMs = 4.5
        snapshot.targets[2].isOnline = false
        snapshot.targets[2].currentLatency = nil
        let widgets = WidgetSet(snapshot)
        #expect(widgets.large.topTargets.map(\.name) == ["C", "A", "B"])
        let lossy = widgets.large.topTargets[1]
        #expect(lossy.isDegraded && lossy.lossPercent == 20 && lossy.jitterMs == 4.5)
        #expect(widgets.dashboard.targets.map(\.isDegraded) == [true, false, false])
    }
}
