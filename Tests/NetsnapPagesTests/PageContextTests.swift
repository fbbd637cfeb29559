import Foundation
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// What each template receives for the sample network.
@Suite struct PageContextTests {
    let widgets = PageFixtures.widgets()
    let settings = PageSettings(refreshSeconds: 15)

    @Test func dashboardContextHoldsEveryCard() {
        let context = DashboardPageContext(widgets, now: PageFixtures.now, settings: settings)
        #expect(context.chrome.title == "\u{2068}Home Wi-Fi\u{2069} · Network dashboard")
        #expect(context.chrome.refreshSeconds == 15)
        #expect(context.chrome.pageClass == "page-dashboard")
        #expect(!context.chrome.isStale)
        #expect(context.chrome.expiresAt == "2026-11-21T10:47:00Z")
        #expect(context.chrome.lastUpdate == "10:42 UTC")
        #expect(context.status.state == "degraded" && context.status.word == "Degraded" && context.status.bind == "overall")
        #expect(context.networkName == "Home Wi-Fi")
        #expect(context.session.source == "Studio Mac" && context.session.sourceKind == "Mac")
        #expect(context.session.running == "2 h 42 min")
        #expect(context.link.ssid == "Home Wi-Fi" && context.link.signalDBm == "−58 dBm" && context.link.signalStrength == "72 %")
        #expect(context.link.signal.bars == "3" && context.link.signal.label == "Signal: 3 of 4 bars")
        #expect(context.link.band == "5 GHz" && context.link.channel == "36" && context.link.security == "WPA3 Personal")
        #expect(context.link.bssid == "a4:2b:b0:11:22:33")
        #expect(context.gateway.ipAddress == "192.168.1.1" && context.gateway.macAddress == "a4:2b:b0:11:22:30")
        #expect(context.gateway.vendor == "TP-Link" && context.gateway.latency == "4.2 ms")
        #expect(context.internet.publicIP == "203.0.113.7" && context.internet.ispName == "Example Fiber")
        #expect(context.internet.asn == "AS64500" && context.internet.location == "Zurich, CH")
        #expect(context.targets.online == "5" && context.targets.offline == "1" && context.targets.total == "6")
        #expect(context.targets.rows.count == 6)
        let vpn = context.targets.rows.first { $0.name == "Office VPN" }
        #expect(vpn?.status.state == "offline" && vpn?.latency == "—" && vpn?.probeProtocol == "TCP")
        #expect(context.devices.total == "15" && context.devices.active == "11" && context.devices.rows.count == 15)
        #expect(!context.devices.hasMore && context.devices.more == "")
        #expect(context.devices.rows.contains { $0.name == "Anna's iPhone" && $0.deviceType == "phone" && $0.status.word == "Active" })
    }

    @Test func dashboardListsTwoHundredDevicesAndCountsTheRest() {
        let big = WidgetSet(SyntheticSnapshot.make(devices: 1_000, targets: 3, at: PageFixtures.snapshotAt))
        let context = DashboardPageContext(big, now: PageFixtures.now, settings: settings)
        #expect(context.devices.rows.count == 200)
        #expect(context.devices.rows.first?.name == "device-0.lan")
        #expect(context.devices.hasMore && context.devices.more == "and 800 more")
        #expect(context.devices.total == "1,000")
    }

    @Test func smallContext() {
        let context = SmallPageContext(widgets, now: PageFixtures.now, settings: settings)
        #expect(context.chrome.pageClass == "page-widget")
        #expect(context.small.status.bind == "small.overall")
        #expect(context.small.networkName == "Home Wi-Fi" && context.small.hasSignal)
        #expect(context.small.gatewayLatency == "4.2 ms" && context.small.targetsOnline == "5" && context.small.targetsTotal == "6")
        #expect(context.small.signal.bars == "3" && context.small.signalDBm == "−58 dBm")
        #expect(context.small.lastUpdate == "10:42 UTC" && context.small.snapshotAt == "2026-11-21T10:42:00Z")
    }

    @Test func mediumContext() {
        let context = MediumPageContext(widgets, now: PageFixtures.now, settings: settings)
        #expect(context.medium.small.networkName == "Home Wi-Fi")
        #expect(context.medium.gatewayLatency == "4.2 ms")
        #expect(context.medium.targetsOnline == "5" && context.medium.targetsTotal == "6")
        #expect(context.medium.publicIP == "203.0.113.7")
    }

    @Test func largeContext() {
        let context = LargePageContext(widgets, now: PageFixtures.now, settings: settings)
        #expect(context.large.band == "5 GHz" && context.large.channel == "36")
        #expect(context.large.ispName == "Example Fiber" && context.large.asn == "AS64500")
        #expect(context.large.topTargets.map(\.name).first == "Office VPN")
        #expect(context.large.topTargets.count == 5 && context.large.recentDevices.count == 3)
        #expect(context.large.devicesActive == "11" && context.large.devicesTotal == "15")
        #expect(context.blankTarget.name.isEmpty && context.blankRecentDevice.deviceType == "unknown")
    }

    @Test func embedContextOffersASnippetPerWidget() {
        let context = EmbedPageContext(widgets, now: PageFixtures.now, settings: settings)
        #expect(context.chrome.contentSecurityPolicy.contains("frame-src 'self'"))
        #expect(context.snippets.map(\.file) == ["small.html", "medium.html", "large.html"])
        #expect(context.snippets[0].code.hasPrefix(#"<iframe src="small.html""#))
        #expect(context.snippets[1].code.contains("width:21rem;height:10rem"))
    }

    @Test func staleSnapshotIsMarked() {
        let later = PageFixtures.snapshotAt.addingTimeInterval(301)
        #expect(SmallPageContext(widgets, now: later, settings: settings).chrome.isStale)
        #expect(!SmallPageContext(widgets, now: PageFixtures.snapshotAt.addingTimeInterval(300), settings: settings).chrome.isStale)
    }

    @Test func absentValuesReadAsADash() {
        var snapshot = SampleSnapshot.snapshot
        snapshot.status = NetworkStatus(connectionType: .ethernet, updatedAt: snapshot.generatedAt)
        snapshot.session = nil
        let context = DashboardPageContext(WidgetSet(snapshot), now: snapshot.generatedAt, settings: settings)
        #expect(context.networkName == "Ethernet")
        // A wire: no signal, and what is known of the link — nothing here — as dashes.
        #expect(context.link.title == "Ethernet" && !context.link.isWifi && !context.link.hasSignal)
        #expect(context.link.speed == "—" && context.link.interfaceName == "—" && context.link.localIP == "—")
        #expect(context.link.showsInterface && context.link.showsLocalIP)
        #expect(context.gateway.latency == "—" && context.internet.location == "—")
        #expect(context.session.running == "—" && context.session.started == "—")
    }
}
