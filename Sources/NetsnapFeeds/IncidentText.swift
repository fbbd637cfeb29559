import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// How an incident reads in the feeds and `incidents.json`: a title that says whether it is
/// over, and a text with its times, cause and note, in the feed's language.
enum IncidentText {
    /// "Incident: NAS down" while it lasts; "Resolved: NAS was down for 3 h" once over.
    static func title(_ incident: Incident, now: Date, _ wording: Wording = .posix) -> String {
        let lost = incident.subject == .source
        let name = self.name(incident, wording)
        guard incident.endedAt != nil else { return wording(lost ? .incidentLost : .incidentDown, ["name": name]) }
        let duration = wording.age(incident.durationSeconds(at: now))
        return wording(lost ? .resolvedLost : .resolvedDown, ["name": name, "duration": duration])
    }

    /// What the incident is about: a target's or site's own name; the connection and the data
    /// source in the feed's language (their stored names are English).
    static func name(_ incident: Incident, _ wording: Wording) -> String {
        switch incident.subject {
        case .connection: wording(EventPhrase.incidentConnection)
        case .source: wording(EventPhrase.incidentDataSource)
        case .target, .site: incident.name
        }
    }

    /// Start, end (or "ongoing"), cause and note, in one paragraph.
    static func text(_ incident: Incident, redacted: Bool, timeZone: TimeZone, now: Date, _ wording: Wording = .posix) -> String {
        let start = wording.dayAndClock(incident.startedAt, timeZone)
        var text: String
        if let end = incident.endedAt {
            let phrase: Phrase = incident.closedByHand ? .incidentClosedByHand : .incidentUntil
            text = wording(phrase, ["start": start, "end": wording.dayAndClock(end, timeZone)])
        } else {
            text = wording(.incidentOngoing, ["start": start])
        }
        if let cause = redacted ? incident.publicCause : incident.cause {
            text += " " + wording(.incidentCause, ["cause": wording.reason(cause)])
        }
        if let note = incident.note { text += " " + wording(.incidentNote, ["note": note]) }
        return text
    }

    /// The feeds' id of an incident: the same while it is updated, so readers update it in place.
    static func id(_ incident: Incident) -> String { "incident:\(incident.id)" }
}
