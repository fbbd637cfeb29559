import Foundation
import NetsnapJSON
import NetsnapModel

extension AtomFeed {
    /// An incident as an entry: one `id` for its whole life, `updated` moving when it closes
    /// or gets a note (RFC 4287 §4.2.15), so a reader updates it in place.
    static func incidentEntry(_ incident: Incident, context: EventFeedContext) -> String {
        let now = context.now ?? incident.updatedAt
        var xml = """
                <entry>
                  <id>urn:netsnap:\(escape(IncidentText.id(incident)))</id>
                  <title>\(escape(EventOrdering.incidentTitle(incident, now: context.now, title: IncidentText.title(incident, now: now, context.wording), context.wording)))</title>
                  <published>\(RFC3339.format(incident.startedAt))</published>
                  <updated>\(RFC3339.format(incident.updatedAt))</updated>

            """
        if let page = context.link("incidents.json") {
            xml += "    <link rel=\"alternate\" type=\"application/json\" href=\"\(escape(page))\"/>\n"
        }
        let text = IncidentText.text(incident, redacted: context.redacted, timeZone: context.timeZone, now: now, context.wording)
        xml += "    <content type=\"text\">\(escape(text))</content>\n"
        xml += "    <category term=\"incident\"/>\n"
        xml += "    <category term=\"\(incident.endedAt == nil ? "problem" : "recovery")\"/>\n"
        if EventOrdering.isAhead(incident.updatedAt, now: context.now) { xml += "    <category term=\"clockAhead\"/>\n" }
        return xml + "  </entry>\n"
    }
}
