import Foundation
import NetsnapJSON
import NetsnapModel

/// `feed.xml`: the same events as an Atom 1.0 feed (RFC 4287), for readers without JSON Feed.
/// Without a public URL it has no links and a fixed `tag:` id (RFC 4151), never an address
/// it could only guess.
public enum AtomFeed {
    /// The feed's id when no public URL is configured.
    static let tagID = "tag:netsnap.invalid,2026:feed"

    public static func bytes(_ events: [NetworkEvent], context: EventFeedContext) -> [UInt8] {
        let ordered = EventOrdering.newestFirst(events, limit: context.limit, now: context.now)
        let incidentTimes = context.incidents.map(\.updatedAt).filter { !EventOrdering.isAhead($0, now: context.now) }
        let newest = ([ordered.first?.occurredAt] + incidentTimes).compactMap { $0 }.max()
        let updated = RFC3339.format(newest ?? context.fallbackUpdated)
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(escape(context.wording.languageTag))">
              <id>\(escape(context.link("feed.xml") ?? tagID))</id>
              <title>\(escape(context.title))</title>
              <updated>\(updated)</updated>

            """
        if let base = context.baseURL {
            xml += """
                  <link rel="self" type="application/atom+xml" href="\(escape(base + "feed.xml"))"/>
                  <link rel="alternate" type="text/html" href="\(escape(base))"/>

                """
        }
        xml += """
              <author><name>netsnap</name></author>
              <generator>netsnap</generator>

            """
        let eventEntries = ordered.map { ($0.occurredAt, eventEntry($0, context: context)) }
        // In the same order as feed.json: incidents among the events by their last change.
        xml += EventOrdering.merged(
            events: eventEntries, incidents: context.incidents.map { ($0.updatedAt, incidentEntry($0, context: context)) },
            clockAhead: ordered.filter { EventOrdering.isClockAhead($0, now: context.now) }.count, now: context.now,
            limit: context.limit
        ).joined()
        xml += "</feed>\n"
        return Array(xml.utf8)
    }

    /// One event's entry.
    static func eventEntry(_ event: NetworkEvent, context: EventFeedContext) -> String {
        let wording = context.redacted ? event.publicWording : event.wording
        let date = RFC3339.format(event.occurredAt)
        var xml = """
                <entry>
                  <id>urn:netsnap:event:\(escape(event.id))</id>
                  <title>\(escape(EventOrdering.title(wording, event, now: context.now, context.wording)))</title>
                  <published>\(date)</published>
                  <updated>\(date)</updated>

            """
        if let page = context.link("index.html") {
            xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(escape(page))\"/>\n"
        }
        xml += """
                <content type="text">\(escape(wording.text))</content>

            """
        for tag in EventOrdering.tags(event, now: context.now) { xml += "    <category term=\"\(escape(tag))\"/>\n" }
        return xml + "    </entry>\n"
    }

    /// Escapes text and attribute values; characters XML 1.0 cannot carry at all become U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in TextHygiene.replacingControls(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
