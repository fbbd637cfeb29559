import Foundation
import NetsnapModel
import Testing

@testable import NetsnapHistory

/// A site's incident: opened when it is lost, closed when it is back, and closed, saying
/// why, when the site leaves the wall (`sites forget`) instead of staying "ongoing" for ever.
/// The wall's broker outage opens none.
@Suite struct SiteIncidentTests {
    let start = HistoryFixtures.start

    func event(_ kind: NetworkEvent.Kind, _ site: String, at minute: Double) -> NetworkEvent {
        NetworkEvent(
            kind: kind, occurredAt: start.addingTimeInterval(minute * 60), subjectKey: site,
            wording: .init(title: "\(kind)", text: "", data: ["site": site, "name": site.capitalized]))
    }

    @Test func aRemovedSitesIncidentIsClosedSayingWhy() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        try store.store([event(.siteLost, "cabin", at: 0), event(.siteLost, "shop", at: 0)])
        try store.store([event(.siteRemoved, "cabin", at: 5), event(.sitesBrokerOutage, "broker", at: 6)])
        let incidents = try store.incidents(since: .distantPast)
        #expect(incidents.count == 2, "the broker outage opens no incident")
        let cabin = try #require(incidents.first { $0.name == "Cabin" })
        #expect(cabin.endedAt == start.addingTimeInterval(300) && cabin.note == "closed: site removed")
        let shop = try #require(incidents.first { $0.name == "Shop" })
        #expect(shop.endedAt == nil && shop.note == nil)
    }
}
