import Foundation
import NetsnapModel
import Testing

@testable import NetsnapWidgets

@Suite struct StatusRulesTests {
    @Test func noConnectionIsOffline() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.status.connectionType = .none
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .offline)
    }

    @Test func noGatewayIsOffline() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.status.gatewayIP = nil
        snapshot.status.gatewayMAC = nil
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .offline)
    }

    @Test func anOfflineTargetIsDegraded() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.targets[1].isOnline = false
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .degraded)
    }

    @Test func slowGatewayIsDegradedOnlyAboveTheThreshold() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.status.gatewayLatency = 100
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .online)
        snapshot.status.gatewayLatency = 100.1
        #expect(StatusRules.overall(snapshot, options: WidgetOptions()) == .degraded)
        #expect(StatusRules.overall(snapshot, options: WidgetOptions(latencyThresholdMs: 200)) == .online)
    }

    @Test func healthyIsOnline() {
        #expect(StatusRules.overall(WidgetFixtures.snapshot(), options: WidgetOptions()) == .online)
    }

    @Test(arguments: [
        (-30, 4), (-55, 4), (-56, 3), (-67, 3), (-68, 2), (-75, 2), (-76, 1), (-85, 1), (-86, 0), (-120, 0),
    ])
    func barsFromDBmAtEachBoundary(_ dBm: Int, _ bars: Int) {
        #expect(StatusRules.signalBars(dBm: dBm, percent: 5) == bars, "dBm wins over percent")
    }

    @Test(arguments: [(100, 4), (80, 4), (79, 3), (60, 3), (59, 2), (40, 2), (39, 1), (20, 1), (19, 0), (0, 0)])
    func barsFromPercentWithoutDBm(_ percent: Int, _ bars: Int) {
        #expect(StatusRules.signalBars(dBm: nil, percent: percent) == bars)
    }

    @Test func noSignalReadingMeansNoBars() {
        #expect(StatusRules.signalBars(dBm: nil, percent: nil) == nil)
    }

    @Test func networkNames() {
        var status = WidgetFixtures.snapshot().status
        #expect(StatusRules.networkName(status) == "Home Wi-Fi")
        status.ssid = nil
        #expect(StatusRules.networkName(status) == "Wi-Fi")
        status.connectionType = .ethernet
        #expect(StatusRules.networkName(status) == "Ethernet")
        status.connectionType = .cellular
        #expect(StatusRules.networkName(status) == "Cellular")
        status.connectionType = .none
        #expect(StatusRules.networkName(status) == "No network")
    }
}

@Suite struct LatencyTextTests {
    @Test(arguments: [
        (4.24, "4.2 ms"), (4.25, "4.3 ms"), (99.94, "99.9 ms"), (99.95, "100 ms"), (148.5, "149 ms"),
        (1e300, "> 999999 ms"), (999_999, "999999 ms"),
    ])
    func formats(_ value: Double, _ text: String) {
        #expect(LatencyText.format(value, oneDecimalBelow: 99.95) == text)
    }
}
