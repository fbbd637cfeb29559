import Foundation
import NetsnapModel
import Testing

@testable import NetsnapSites

@Suite struct SiteTransitionsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ id: String, _ state: SiteState) -> SiteEntry { SiteEntry(id: id, slug: id, state: state) }

    @Test func lostBackAndInvalidAreEventsOnceEach() {
        var transitions = SiteTransitions()
        #expect(
            transitions.events([entry("home", .online), entry("cabin", .lost), entry("junk", .invalid)], now: now).map(\.kind) == [
                .siteInvalid
            ])
        #expect(
            transitions.events([entry("home", .lost), entry("cabin", .lost), entry("junk", .invalid)], now: now).map(\.kind) == [.siteLost])
        #expect(transitions.events([entry("home", .online), entry("cabin", .degraded)], now: now).map(\.kind) == [.siteBack, .siteBack])
        var fresh = SiteTransitions()
        #expect(fresh.events([entry("../x", .invalid)], now: now).isEmpty, "a hostile id makes no event")
    }
}
