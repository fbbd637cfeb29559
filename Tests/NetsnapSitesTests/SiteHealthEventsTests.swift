import Foundation
import NetsnapHistory
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapSites

/// Site degraded, offline and recovered from a site's own status; its target events
/// forwarded only when asked.
@Suite struct SiteHealthEventsTests {
    let start = SiteFixtures.start
    let nas = SnapshotFixtures.nasID

    func entry(_ id: String, _ state: SiteState) -> SiteEntry { SiteFixtures.entry(id, state) }

    func snapshot(nasOnline: Bool, at seconds: Double) -> Snapshot { SiteFixtures.snapshot(nasOnline: nasOnline, at: seconds) }

    @Test func degradedOfflineAndRecoveredFollowTheSitesOwnStatus() {
        var transitions = SiteTransitions()
        #expect(transitions.events([entry("cabin", .degraded)], now: start).isEmpty, "the first sight is the baseline")
        #expect(transitions.events([entry("cabin", .offline)], now: start).map(\.kind) == [.siteOffline])
        #expect(transitions.events([entry("cabin", .stale)], now: start).isEmpty)
        let back = transitions.events([entry("cabin", .online)], now: start)
        #expect(back.map(\.kind) == [.siteRecovered])
        #expect(back.first?.wording.title == "Site recovered: Cabin")
        #expect(transitions.events([entry("cabin", .degraded)], now: start).map(\.kind) == [.siteDegraded])
        #expect(transitions.events([entry("cabin", .lost)], now: start).map(\.kind) == [.siteLost])
        #expect(transitions.events([entry("cabin", .online)], now: start).map(\.kind) == [.siteBack], "back says it, not recovered too")
    }

    @Test func targetEventsAreForwardedOnlyWhenAsked() {
        var quiet = SiteTransitions()
        var forwarding = SiteTransitions(forwarding: EventDetector(failuresBeforeEvent: 1))
        var forwarded: [NetworkEvent] = []
        for (index, online) in [true, false, false, true].enumerated() {
            let snapshots = ["cabin": snapshot(nasOnline: online, at: Double(index))]
            #expect(quiet.events([entry("cabin", .online)], snapshots: snapshots, now: start).isEmpty)
            forwarded += forwarding.events([entry("cabin", .online)], snapshots: snapshots, now: start)
        }
        #expect(forwarded.map(\.kind) == [.targetDown, .targetRecovered])
        #expect(forwarded.first?.wording.title == "Cabin: NAS is down")
        #expect(forwarded.first?.wording.data["site"] == "cabin")
        #expect(forwarded.first?.id.hasPrefix("targetDown:cabin/\(nas.uuidString):") == true)
    }

    @Test func theSameSnapshotSeenAgainIsNoNewCheck() {
        var forwarding = SiteTransitions(forwarding: EventDetector(failuresBeforeEvent: 2))
        let down = ["cabin": snapshot(nasOnline: false, at: 1)]
        _ = forwarding.events([entry("cabin", .online)], snapshots: ["cabin": snapshot(nasOnline: true, at: 0)], now: start)
        for _ in 0..<5 { #expect(forwarding.events([entry("cabin", .online)], snapshots: down, now: start).isEmpty) }
    }
}
