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
        // A forwarded target of the cabin (`sites.forwardEvents`), and one of a site whose id only looks alike.
        try store.store([
            NetworkEvent(
                kind: .targetDown, occurredAt: start, subjectKey: "cabin/nas",
                wording: .init(title: "", text: "", data: ["name": "Cabin: NAS"])),
            NetworkEvent(
                kind: .targetDown, occurredAt: start, subjectKey: "cabinX/nas",
                wording: .init(title: "", text: "", data: ["name": "CabinX: NAS"])),
        ])
        try store.store([event(.siteRemoved, "cabin", at: 5), event(.sitesBrokerOutage, "broker", at: 6)])
        let incidents = try store.incidents(since: .distantPast)
        #expect(incidents.count == 4, "the broker outage opens no incident")
        #expect(incidents.first { $0.name == "Cabin: NAS" }?.note == "closed: site removed")
        #expect(incidents.first { $0.name == "CabinX: NAS" }?.endedAt == nil)
        let cabin = try #require(incidents.first { $0.name == "Cabin" })
        #expect(cabin.endedAt == start.addingTimeInterval(300) && cabin.note == "closed: site removed")
        let shop = try #require(incidents.first { $0.name == "Shop" })
        #expect(shop.endedAt == nil && shop.note == nil)
    }
}
