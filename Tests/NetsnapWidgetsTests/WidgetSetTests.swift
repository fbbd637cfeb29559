import Foundation
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapWidgets

@Suite struct WidgetSetTests {
    @Test func topTargetsPutOfflineFirstThenSlowestAndStopAtFive() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.targets += [("D", 5.0, true), ("E", nil, false), ("F", 1.0, true), ("G", nil, true), ("H", 99.0, false)]
            .enumerated().map { index, entry in
                MonitoringTarget(
                    id: SnapshotFixtures.uuid(10 + index), name: entry.0, host: "h", probeProtocol: .tcp,
                    currentLatency: entry.1, isOnline: entry.2, lastChecked: WidgetFixtures.now)
            }
        let large = WidgetSet(snapshot).large
        #expect(large.topTargets.map(\.name) == ["H", "E", "B", "C", "A"])
        #expect(large.topTargets[1].latencyMs == nil)
    }

    @Test func recentDevicesAreTheThreeNewest() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.devices = [5, 1, 9, 2, 0.5, 3].enumerated().map { WidgetFixtures.device($0, firstSeenDaysAgo: $1) }
        snapshot.devices[0].status = .offline
        let large = WidgetSet(snapshot).large
        #expect(large.recentDevices.map(\.displayName) == ["host-4.lan", "host-1.lan", "host-3.lan"])
        #expect(large.devicesTotal == 6)
        #expect(large.devicesActive == 5)
    }

    @Test func displayNamesFollowTheSpecOrder() {
        var device = WidgetFixtures.device(1, firstSeenDaysAgo: 1)
        device.customName = "Anna's iPhone"
        #expect(device.displayName == "Anna's iPhone")
        device.customName = nil
        #expect(device.displayName == "host-1.lan")
        device.hostname = nil
        #expect(device.displayName == "Apple 00:00:01")
        device.vendor = nil
        #expect(device.displayName == "192.168.1.11")
        device.ipAddress = nil
        #expect(device.displayName == "Unknown device")
    }

    @Test func absentValuesStayAbsent() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.status = NetworkStatus(connectionType: .ethernet, gatewayIP: IPAddress("10.0.0.1"), updatedAt: WidgetFixtures.now)
        snapshot.targets = []
        let widgets = WidgetSet(snapshot)
        #expect(widgets.small.signalBars == nil)
        #expect(widgets.small.signalDBm == nil)
        #expect(widgets.medium.gatewayLatencyMs == nil)
        #expect(widgets.medium.publicIP == nil)
        #expect(widgets.large.band == nil)
        #expect(widgets.large.channel == nil)
        #expect(widgets.large.ispName == nil)
        #expect(widgets.large.asn == nil)
        #expect(widgets.medium.targetsTotal == 0)
    }

    @Test func mediumAndLargeCarryTheSmallFields() {
        let widgets = WidgetSet(WidgetFixtures.snapshot())
        #expect(widgets.large.networkName == widgets.small.networkName)
        #expect(widgets.large.overall == widgets.small.overall)
        #expect(widgets.large.targetsOnline == 3 && widgets.medium.targetsTotal == 3)
        #expect(widgets.large.gatewayIP == "192.168.1.1")
    }

    @Test func freshnessWindowSetsExpiry() {
        let widgets = WidgetSet(WidgetFixtures.snapshot(), options: WidgetOptions(freshnessSeconds: 60))
        #expect(widgets.expiresAt == WidgetFixtures.now.addingTimeInterval(60))
        #expect(!widgets.isStale(at: WidgetFixtures.now.addingTimeInterval(60)))
        #expect(widgets.isStale(at: WidgetFixtures.now.addingTimeInterval(61)))
    }
}

@Suite struct RedactedWidgetTests {
    @Test func redactionHidesValuesButNotTheStatus() {
        let widgets = WidgetSet(WidgetFixtures.snapshot(), redacted: true)
        #expect(widgets.overall == .online)
        #expect(widgets.large.gatewayIP == nil)
        #expect(widgets.medium.publicIP == nil)
    }
}
