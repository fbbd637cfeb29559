import Foundation
import NetsnapLanguage
import NetsnapModel
import Testing

@testable import NetsnapWidgets

/// Wired and cellular links in the widget models: no signal on a wire, the link's kind and
/// speed instead; and the shared link and uptime wording.
@Suite struct LinkTextTests {
    @Test func speedsReadAsLinksAreSold() {
        #expect(LinkText.speed(10) == "10 Mb/s")
        #expect(LinkText.speed(100) == "100 Mb/s")
        #expect(LinkText.speed(1000) == "1 Gb/s")
        #expect(LinkText.speed(2500) == "2.5 Gb/s")
        #expect(LinkText.speed(10_000) == "10 Gb/s")
        #expect(LinkText.speed(40_000) == "40 Gb/s")
    }

    @Test func labelsByKind() {
        #expect(LinkText.label(.ethernet, speedMbps: 1000) == "Ethernet · 1 Gb/s")
        #expect(LinkText.label(.ethernet, speedMbps: nil) == "Ethernet")
        #expect(LinkText.label(.cellular, speedMbps: nil) == "Cellular")
        #expect(LinkText.label(.wifi, speedMbps: 866) == nil && LinkText.label(.none, speedMbps: nil) == nil)
    }

    @Test func aWiredHostHasNoSignalWhateverTheProducerWrote() {
        var snapshot = WidgetFixtures.snapshot()
        snapshot.status.connectionType = .ethernet
        snapshot.status.linkSpeedMbps = 1000
        snapshot.status.interfaceName = "eth0"
        snapshot.status.localIP = IPAddress("192.168.1.5")
        let widgets = WidgetSet(snapshot)
        #expect(widgets.small.signalBars == nil && widgets.small.signalDBm == nil)
        #expect(widgets.dashboard.signalStrength == nil)
        #expect(widgets.small.linkLabel == "Ethernet · 1 Gb/s")
        #expect(widgets.large.linkSpeedMbps == 1000 && widgets.large.interfaceName == "eth0")
        #expect(widgets.dashboard.localIP == "192.168.1.5")
        #expect(WidgetSet(snapshot, redacted: true).dashboard.localIP == nil)
    }

    /// The English stand-ins the model keeps for machines read in the household's language;
    /// an SSID is a name and stays.
    @Test func theNetworksShownNameIsTheLinksKindInTheLanguage() throws {
        let japanese = try #require(Wording(locale: "ja-JP"))
        var snapshot = WidgetFixtures.snapshot()
        #expect(WidgetSet(snapshot).small.shownNetworkName(japanese) == "Home Wi-Fi")
        snapshot.status.ssid = nil
        #expect(WidgetSet(snapshot).small.shownNetworkName(japanese) == japanese(.wifi))
        snapshot.status.connectionType = .ethernet
        let wired = WidgetSet(snapshot).small
        #expect(wired.networkName == "Ethernet" && wired.shownNetworkName(japanese) == japanese(.ethernet))
        #expect(japanese(.ethernet) != "Ethernet" && wired.shownNetworkName(.posix) == "Ethernet")
    }

    @Test func wifiAndCellularKeepTheirSignal() {
        let wifi = WidgetSet(WidgetFixtures.snapshot())
        #expect(wifi.small.signalBars == 3 && wifi.small.signalDBm == -58 && wifi.small.linkLabel == nil)
        var snapshot = WidgetFixtures.snapshot()
        snapshot.status.connectionType = .cellular
        let cellular = WidgetSet(snapshot)
        #expect(cellular.small.signalDBm == -58 && cellular.small.linkLabel == "Cellular")
    }

    @Test func uptimeRoundsDownSoAMissedCheckNeverReadsFull() {
        #expect(UptimeText.format(100) == "100%")
        #expect(UptimeText.format(99.99) == "99.9%")
        #expect(UptimeText.format(99.86) == "99.8%")
        #expect(UptimeText.format(0) == "0.0%")
        #expect(UptimeText.format(12.5) == "12.5%")
    }

    @Test func targetRowsCarryTheirUptimeFromHistory() {
        let snapshot = WidgetFixtures.snapshot()
        let series = HistorySummary.LatencySeries(bucketSeconds: 3600, endsAt: WidgetFixtures.now, points: [])
        let history = HistorySummary(
            gatewayLatency: series,
            targets: [
                HistorySummary.TargetUptime(targetID: snapshot.targets[1].id, name: "B", uptime24h: 97.5, uptime7d: nil, latency: series)
            ])
        let widgets = WidgetSet(snapshot, history: history)
        #expect(widgets.dashboard.targets.map(\.uptime24h) == [nil, 97.5, nil])
        #expect(widgets.large.topTargets.first { $0.name == "B" }?.uptime24h == 97.5)
        #expect(WidgetSet(snapshot).dashboard.targets.allSatisfy { $0.uptime24h == nil })
    }
}
