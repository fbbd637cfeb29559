import Foundation
import NetsnapHistory
import NetsnapLanguage
import NetsnapModel
import NetsnapPages
import NetsnapTestSupport
import Testing

@testable import NetsnapSites

/// The wall's events — a site lost, back, removed, and its targets' forwarded events — are
/// worded in the configured language with the catalogue's words; their kind, id and data are
/// the same in every language.
@Suite struct SiteEventLanguageTests {
    static let german = Wording(locale: "de-DE")!
    let start = SiteFixtures.start

    func entry(_ state: SiteState) -> SiteEntry { SiteFixtures.entry("cabin", state) }

    func snapshot(nasOnline: Bool, at seconds: Double) -> Snapshot { SiteFixtures.snapshot(nasOnline: nasOnline, at: seconds) }

    /// The cabin seen online, its NAS down, the cabin lost, then gone from the wall.
    func events(_ wording: Wording) -> [NetworkEvent] {
        var transitions = SiteTransitions(forwarding: EventDetector(failuresBeforeEvent: 1, wording: wording), wording: wording)
        var events = transitions.events([entry(.online)], snapshots: ["cabin": snapshot(nasOnline: true, at: 0)], now: start)
        events += transitions.events([entry(.online)], snapshots: ["cabin": snapshot(nasOnline: false, at: 1)], now: start)
        events += transitions.events([entry(.lost)], now: start)
        events += transitions.events([], now: start)
        return events
    }

    @Test func aGermanWallWordsItsEventsWithTheCatalogue() throws {
        let events = events(Self.german)
        #expect(events.map(\.kind) == [.targetDown, .siteLost, .siteRemoved])
        let down = try ShippedTranslation.text(EventPhrase.targetDown, in: "de", ["name": "NAS"])
        #expect(
            events[0].wording.title
                == (try ShippedTranslation.text(EventPhrase.siteEventTitle, in: "de", ["site": "Cabin", "title": down])))
        #expect(events[1].wording.title == (try ShippedTranslation.text(EventPhrase.siteLost, in: "de", ["name": "Cabin"])))
        let lost = try ShippedTranslation.text(Phrase.siteLost, in: "de")
        let text = try ShippedTranslation.text(EventPhrase.siteInState, in: "de", ["name": "Cabin", "id": "cabin", "state": lost])
        #expect(events[1].wording.text == text)
        #expect(events[2].wording.title == (try ShippedTranslation.text(EventPhrase.siteRemoved, in: "de", ["name": "Cabin"])))
    }

    @Test func thePOSIXDefaultKeepsTheEnglishAndTheDataNeverChanges() {
        let english = events(.posix)
        #expect(english.map(\.wording.title) == ["Cabin: NAS is down", "Site lost: Cabin", "Site removed: Cabin"])
        #expect(english[1].wording.text == "Site Cabin (cabin) (lost).")
        let german = events(Self.german)
        #expect(german.map(\.id) == english.map(\.id))
        #expect(german.map(\.wording.data) == english.map(\.wording.data))
    }
}

/// The wall page's cards and headline as the server writes them, before its script refreshes
/// anything: worded in the configured language, English in the POSIX default.
@Suite struct WallPageLanguageTests {
    func entry(snapshot: Bool) -> SiteEntry {
        var entry = SiteEntry(id: "cabin", slug: "cabin", state: .online)
        entry.name = "Cabin"
        if snapshot {
            entry.snapshotAt = Date(timeIntervalSince1970: 1_800_000_000)
            entry.ageSeconds = 300
            (entry.targetsUp, entry.targetsDown, entry.devicesActive, entry.devicesTotal) = (3, 1, 1200, 1500)
        }
        return entry
    }

    @Test func aGermanWallWordsItsCardsWithTheCatalogue() throws {
        let german = Wording(locale: "de-DE")!
        let card = SitesWriter.card(entry(snapshot: true), german)
        let minutes = try ShippedTranslation.forms(CountPhrase.minutes, in: "de", ["count": "5"])[1]
        #expect(card.age == (try ShippedTranslation.text(PagePhrase.ageAgo, in: "de", ["age": minutes])))
        let counts = ["up": "3", "targets": "4", "active": "1.200", "devices": "1.500"]
        #expect(card.detail == (try ShippedTranslation.text(PagePhrase.siteCounts, in: "de", counts)))
        let empty = SitesWriter.card(entry(snapshot: false), german)
        #expect(empty.age == (try ShippedTranslation.text(PagePhrase.noSnapshot, in: "de")) && empty.detail.isEmpty)
    }

    @Test func thePOSIXDefaultKeepsTheEnglish() {
        let card = SitesWriter.card(entry(snapshot: true), .posix)
        #expect(card.age == "5 min ago")
        #expect(card.detail == "3/4 targets up · 1200/1500 devices active")
        #expect(SitesWriter.card(entry(snapshot: false), .posix).age == "no snapshot")
        #expect(WallCard.headline(healthy: 1, of: 1, .posix) == "1 of 1 sites OK", "as sites.js writes it")
    }
}
