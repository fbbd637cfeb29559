import Foundation
import NetsnapHistory
import NetsnapLanguage
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapSites

/// The wall's events — a site lost, back, removed, and its targets' forwarded events — are
/// worded in the configured language with the catalogue's words; their kind, id and data are
/// the same in every language.
@Suite struct SiteEventLanguageTests {
    static let german = Wording(locale: "de-DE")!
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ state: SiteState) -> SiteEntry {
        var entry = SiteEntry(id: "cabin", slug: "cabin", state: state)
        entry.name = "Cabin"
        return entry
    }

    func snapshot(nasOnline: Bool, at seconds: Double) -> Snapshot {
        let at = start.addingTimeInterval(seconds)
        return Snapshot(
            generatedAt: at, status: NetworkStatus(connectionType: .wifi, updatedAt: at),
            targets: [
                SnapshotFixtures.icmpTarget(SnapshotFixtures.nasID, "NAS", host: "nas.lan", online: nasOnline, latency: nil, checkedAt: at)
            ])
    }

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
