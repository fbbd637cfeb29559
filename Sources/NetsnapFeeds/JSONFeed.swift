import Foundation
import NetsnapJSON
import NetsnapModel

/// `feed.json`: events as a JSON Feed 1.1 (https://jsonfeed.org/version/1.1), newest first,
/// with the event's data in a `_netsnap` extension object. Without a public URL the feed and
/// its items carry no links (JSON Feed makes them optional).
public enum JSONFeed {
    public static let version = "https://jsonfeed.org/version/1.1"

    public static func json(_ events: [NetworkEvent], context: EventFeedContext) -> JSONValue {
        let ordered = EventOrdering.newestFirst(events, limit: context.limit, now: context.now)
        let eventItems = ordered.map { event -> (Date, JSONValue) in
            let wording = context.redacted ? event.publicWording : event.wording
            let extensionMembers: [(key: String, value: JSONValue)] =
                [("kind", .string(event.kind.rawValue))]
                + (EventOrdering.isClockAhead(event, now: context.now) ? [("clockAhead", JSONValue.string("true"))] : [])
                + wording.data.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
            return (
                event.occurredAt,
                .object(
                    [("id", .string(event.id))] + member("url", context.link("index.html")) + [
                        ("title", .string(EventOrdering.title(wording, event, now: context.now, context.wording))),
                        ("content_text", .string(wording.text)),
                        ("date_published", .date(event.occurredAt)),
                        ("tags", .array(EventOrdering.tags(event, now: context.now).map(JSONValue.string))),
                        ("_netsnap", .object(extensionMembers)),
                    ])
            )
        }
        let items = EventOrdering.merged(
            events: eventItems, incidents: context.incidents.map { ($0.updatedAt, incidentItem($0, context: context)) },
            clockAhead: ordered.filter { EventOrdering.isClockAhead($0, now: context.now) }.count, now: context.now,
            limit: context.limit)
        return .object(
            [("version", .string(version)), ("title", .string(context.title))]
                + member("home_page_url", context.baseURL) + member("feed_url", context.link("feed.json")) + [
                    ("description", .string(context.wording(.networkEvents))),
                    ("authors", .array([.object([("name", .string("netsnap"))])])),
                    ("language", .string(context.wording.languageTag)),
                    ("items", .array(Array(items))),
                ])
    }

    /// A one-member list for a present value; none for an absent one.
    static func member(_ key: String, _ value: String?) -> [(key: String, value: JSONValue)] {
        value.map { [(key, JSONValue.string($0))] } ?? []
    }

    public static func bytes(_ events: [NetworkEvent], context: EventFeedContext) -> [UInt8] {
        JSONWriter.bytes(json(events, context: context))
    }
}
