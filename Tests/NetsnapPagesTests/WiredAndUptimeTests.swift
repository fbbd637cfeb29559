import Foundation
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// A wired host's pages show its link instead of Wi-Fi dashes; targets carry their 24 h
/// uptime when history is kept; the title isolates the network name.
@Suite struct WiredAndUptimeTests {
    /// The sample network seen from a Raspberry Pi on a gigabit cable (and a stray signal
    /// reading a careless producer left in, which must not show).
    static func wiredSnapshot() -> Snapshot {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        let status = snapshot.status
        snapshot.status = NetworkStatus(
            connectionType: .ethernet, signalDBm: -40, gatewayIP: status.gatewayIP, gatewayMAC: status.gatewayMAC,
            gatewayVendor: status.gatewayVendor, gatewayLatency: 0.6, publicIP: status.publicIP, ispName: status.ispName,
            asn: status.asn, location: status.location, interfaceName: "eth0", linkSpeedMbps: 1000,
            localIP: IPAddress("192.168.1.5"), updatedAt: status.updatedAt)
        return snapshot
    }

    @Test func theDashboardsLinkCardSaysWhatIsKnownOfTheCable() {
        let index = PageFixtures.render(PageFixtures.widgets(Self.wiredSnapshot()))["index.html"] ?? ""
        #expect(index.contains(#"<h2 id="link-title">Ethernet</h2>"#))
        #expect(index.contains(#"<dd data-bind="small.linkSpeedMbps" data-format="speed">1 Gb/s</dd>"#))
        #expect(index.contains(#"data-bind="small.interfaceName">eth0</dd>"#))
        #expect(index.contains(#"data-bind="dashboard.localIP">192.168.1.5</dd>"#))
        for wifiOnly in ["<dt>SSID</dt>", "<dt>Signal</dt>", "<dt>Band</dt>", "<dt>BSSID</dt>", "dBm", #"class="bars""#] {
            #expect(!index.contains(wifiOnly), "\(wifiOnly)")
        }
    }

    @Test func theWidgetsShowTheLinkInsteadOfSignal() {
        let pages = PageFixtures.render(PageFixtures.widgets(Self.wiredSnapshot()))
        #expect(pages["small.html"]?.contains(#"<span data-bind="small.linkLabel">Ethernet · 1 Gb/s</span> · "#) == true)
        #expect(pages["medium.html"]?.contains(#"<span data-bind="medium.linkLabel">Ethernet · 1 Gb/s</span>"#) == true)
        #expect(pages["large.html"]?.contains(#"<dt>Interface</dt><dd dir="auto" data-bind="large.interfaceName">eth0</dd>"#) == true)
        for name in ["small.html", "medium.html", "large.html"] {
            #expect(pages[name]?.contains("dBm") == false, "\(name)")
            #expect(pages[name]?.contains(#"class="bars""#) == false, "\(name)")
        }
    }

    @Test func wifiKeepsItsCardAndShowsNoEmptyWiredRows() {
        let index = PageFixtures.render()["index.html"] ?? ""
        #expect(index.contains(#"<h2 id="link-title">Wi-Fi</h2>"#))
        #expect(index.contains("<dt>SSID</dt>") && index.contains("−58 dBm"))
        #expect(!index.contains("<dt>Interface</dt>") && !index.contains("<dt>Speed</dt>"))
    }

    @Test func theSmallWidgetShowsWhatTheSmallTileShows() {
        let small = PageFixtures.render()["small.html"] ?? ""
        // Status, bars, name, signal · gateway latency, targets online, last update.
        #expect(small.contains(#"data-format="bars" data-bars="3""#))
        #expect(
            small.contains(
                #"<span data-bind="small.signalDBm" data-format="dbm">−58 dBm</span> · <span data-bind="medium.gatewayLatencyMs" data-format="ms">4.2 ms</span>"#
            ))
        #expect(
            small.contains(
                #"<span data-bind="medium.targetsOnline" data-format="int">5</span>/<span data-bind="medium.targetsTotal" data-format="int">6</span>"#
            ))
        #expect(small.contains("Updated <time"))
    }

    @Test func targetsShowTheirUptimeWithHistory() throws {
        let snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        let series = HistorySummary.LatencySeries(bucketSeconds: 3600, endsAt: PageFixtures.snapshotAt, points: [1, 2])
        let uptimes = snapshot.targets.enumerated().map { index, target in
            HistorySummary.TargetUptime(
                targetID: target.id, name: target.name, uptime24h: index == 0 ? 99.86 : (target.isOnline ? 100 : 12.5),
                uptime7d: nil, latency: series)
        }
        let widgets = WidgetSet(snapshot, history: HistorySummary(gatewayLatency: series, targets: uptimes))
        let pages = PageFixtures.render(widgets)
        let index = pages["index.html"] ?? ""
        #expect(index.contains(#"data-format="uptime">99.8%</span>"#))
        #expect(index.contains(#"data-format="uptime">12.5%</span>"#))
        #expect(index.contains(#"data-format="uptime">100%</span>"#))
        #expect(pages["large.html"]?.contains(#"data-format="uptime">12.5%</span>"#) == true)
        // Without history the element is there, empty, for the script (the stylesheet hides it).
        let plain = PageFixtures.render()["index.html"] ?? ""
        #expect(plain.contains(#"data-bind="uptime24h" data-format="uptime"></span>"#))
        #expect(!plain.contains("%</span><span class=\"row-value\""))
    }

    @Test func theTitleIsolatesTheNetworkName() {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        snapshot.status.ssid = "שלום"
        let index = PageFixtures.render(PageFixtures.widgets(snapshot))["index.html"] ?? ""
        #expect(index.contains("<title>\u{2068}שלום\u{2069} · Network dashboard</title>"))
    }
}
