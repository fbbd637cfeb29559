import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapFeeds

/// The connection's and the data source's incidents are stored under English names; the feeds
/// name them in their own language (a target's or site's name is its own in every language).
@Suite struct IncidentLanguageTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func incident(_ subject: Incident.Subject, _ name: String) -> Incident {
        Incident(
            id: 1, subject: subject, targetID: nil, name: name, startedAt: now.addingTimeInterval(-600), endedAt: nil, cause: nil,
            publicCause: nil, note: nil, closedByHand: false, updatedAt: now)
    }

    @Test func theConnectionAndTheSourceAreNamedInTheFeedsLanguage() throws {
        let german = try #require(Wording(locale: "de-DE"))
        let connection = try ShippedTranslation.text(EventPhrase.incidentConnection, in: "de")
        #expect(
            IncidentText.title(incident(.connection, "Connection"), now: now, german)
                == (try ShippedTranslation.text(Phrase.incidentDown, in: "de", ["name": connection])))
        let source = try ShippedTranslation.text(EventPhrase.incidentDataSource, in: "de")
        #expect(
            IncidentText.title(incident(.source, "Data source"), now: now, german)
                == (try ShippedTranslation.text(Phrase.incidentLost, in: "de", ["name": source])))
        #expect(IncidentText.title(incident(.target, "NAS"), now: now, german).contains("NAS"))
    }

    /// The cause is stored as the probe said it, in English; the feed's text words it.
    @Test func theCauseIsWordedInTheFeedsLanguage() throws {
        let german = try #require(Wording(locale: "de-DE"))
        var timedOut = incident(.target, "NAS")
        timedOut.cause = "timed out after 0.5 s"
        timedOut.publicCause = "timed out after 0.5 s"
        let cause = try ShippedTranslation.text(ReasonPhrase.timedOut, in: "de", ["seconds": "0,5"])
        let text = IncidentText.text(timedOut, redacted: true, timeZone: .gmt, now: now, german)
        #expect(text.hasSuffix(try ShippedTranslation.text(Phrase.incidentCause, in: "de", ["cause": cause])))
        #expect(IncidentText.text(timedOut, redacted: true, timeZone: .gmt, now: now).hasSuffix("Cause: timed out after 0.5 s."))
    }

    @Test func thePOSIXDefaultKeepsTheStoredEnglishNames() {
        #expect(IncidentText.title(incident(.connection, "Connection"), now: now) == "Incident: Connection down")
        #expect(IncidentText.title(incident(.source, "Data source"), now: now) == "Incident: Data source lost")
    }
}
