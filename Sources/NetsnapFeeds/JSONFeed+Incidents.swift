import Foundation
import NetsnapJSON
import NetsnapModel

extension JSONFeed {
    /// An incident as a feed item: the same `id` for its whole life, `date_modified` moving
    /// when it closes or gets a note, so a reader updates it in place.
    static func incidentItem(_ incident: Incident, context: EventFeedContext) -> JSONValue {
        let now = context.now ?? incident.updatedAt
        var data: [(key: String, value: JSONValue)] = [
            ("kind", .string("incident")), ("incidentId", .string(String(incident.id))), ("subject", .string(incident.subject.rawValue)),
            ("startedAt", .date(incident.startedAt)),
        ]
        if let end = incident.endedAt { data.append(("endedAt", .date(end))) }
        if let note = incident.note { data.append(("note", .string(note))) }
        return .object(
            [("id", .string(IncidentText.id(incident)))] + member("url", context.link("incidents.json")) + [
                (
                    "title",
                    .string(
                        EventOrdering.incidentTitle(
                            incident, now: context.now, title: IncidentText.title(incident, now: now, context.wording), context.wording))
                ),
                (
                    "content_text",
                    .string(IncidentText.text(incident, redacted: context.redacted, timeZone: context.timeZone, now: now, context.wording))
                ),
                ("date_published", .date(incident.startedAt)),
                ("date_modified", .date(incident.updatedAt)),
                (
                    "tags",
                    .array(
                        ([.string("incident"), .string(incident.endedAt == nil ? "problem" : "recovery")] as [JSONValue])
                            + (EventOrdering.isAhead(incident.updatedAt, now: context.now) ? [.string("clockAhead")] : []))
                ),
                ("_netsnap", .object(data)),
            ])
    }
}
