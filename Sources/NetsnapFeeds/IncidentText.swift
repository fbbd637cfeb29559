import Foundation
import NetsnapModel
import NetsnapWidgets

/// How an incident reads in the feeds and `incidents.json`: a title that says whether it is
/// over, and a text with its times, cause and note.
enum IncidentText {
    /// "NAS down" while it lasts; "NAS was down for 3 h" once over.
    static func title(_ incident: Incident, now: Date) -> String {
        let what = incident.subject == .source ? "\(incident.name) lost" : "\(incident.name) down"
        guard incident.endedAt != nil else { return "Incident: " + what }
        let verb = incident.subject == .source ? "was lost" : "was down"
        return "Resolved: \(incident.name) \(verb) for \(AgeText.age(incident.durationSeconds(at: now)))"
    }

    /// Start, end (or "ongoing"), cause and note, in one paragraph.
    static func text(_ incident: Incident, redacted: Bool, timeZone: TimeZone, now: Date) -> String {
        var text = "Since " + AgeText.dayAndClock(incident.startedAt, timeZone)
        if let end = incident.endedAt {
            text += ", until " + AgeText.dayAndClock(end, timeZone) + (incident.closedByHand ? " (closed by hand)" : "")
        } else {
            text += ", ongoing"
        }
        text += "."
        if let cause = redacted ? incident.publicCause : incident.cause { text += " Cause: \(cause)." }
        if let note = incident.note { text += " Note: \(note)" }
        return text
    }

    /// The feeds' id of an incident: the same while it is updated, so readers update it in place.
    static func id(_ incident: Incident) -> String { "incident:\(incident.id)" }
}
