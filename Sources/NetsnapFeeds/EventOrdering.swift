import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// The order both feeds list events in.
enum EventOrdering {
    /// Newest first, ties by id so the order is stable; at most `limit`. Events dated ahead of
    /// `now` by more than the clock-skew tolerance were stamped by a clock that ran ahead:
    /// they come after all others, so a wrong date never pins one at the top for a year.
    static func newestFirst(_ events: [NetworkEvent], limit: Int, now: Date? = nil) -> [NetworkEvent] {
        Array(
            events.sorted { a, b in
                let aheadA = isClockAhead(a, now: now)
                let aheadB = isClockAhead(b, now: now)
                if aheadA != aheadB { return !aheadA }
                return a.occurredAt != b.occurredAt ? a.occurredAt > b.occurredAt : a.id > b.id
            }
            .prefix(max(0, limit)))
    }

    /// True when `event` is dated further ahead of `now` than a clock's normal skew.
    static func isClockAhead(_ event: NetworkEvent, now: Date?) -> Bool { isAhead(event.occurredAt, now: now) }

    /// True when `date` is further ahead of `now` than a clock's normal skew.
    static func isAhead(_ date: Date, now: Date?) -> Bool {
        guard let now else { return false }
        return date.timeIntervalSince(now) > Freshness.clockSkewTolerance
    }

    /// An incident last changed ahead of the clock (its *Resolved* dated next year, say) is
    /// marked as such an event is.
    static func incidentTitle(_ incident: Incident, now: Date?, title: String, _ language: Wording = .posix) -> String {
        isAhead(incident.updatedAt, now: now) ? language(.clockAheadWith, ["title": title]) : title
    }

    /// The title as feeds show it: marked when its date is ahead of the clock.
    static func title(_ wording: NetworkEvent.Wording, _ event: NetworkEvent, now: Date?, _ language: Wording = .posix) -> String {
        isClockAhead(event, now: now) ? language(.clockAheadWith, ["title": wording.title]) : wording.title
    }

    /// The event's tags, with `clockAhead` when its date is ahead of the clock.
    static func tags(_ event: NetworkEvent, now: Date?) -> [String] {
        event.tags + (isClockAhead(event, now: now) ? ["clockAhead"] : [])
    }

    /// Both feeds' items: incidents among the (newest-first) events by their last change, and
    /// events dated ahead of the clock (the last `clockAhead` of them) and incidents changed
    /// ahead of it still last; at most `limit`.
    static func merged<Item>(events: [(Date, Item)], incidents: [(Date, Item)], clockAhead: Int, now: Date?, limit: Int) -> [Item] {
        let normal = events.dropLast(clockAhead)
        let ahead = incidents.filter { isAhead($0.0, now: now) }.sorted { $0.0 > $1.0 }.map(\.1)
        var result: [Item] = []
        var (event, incident) = (normal.startIndex, incidents.filter { !isAhead($0.0, now: now) }.sorted { $0.0 > $1.0 }.makeIterator())
        var nextIncident = incident.next()
        while event < normal.endIndex || nextIncident != nil {
            if let pending = nextIncident, event == normal.endIndex || pending.0 > normal[event].0 {
                result.append(pending.1)
                nextIncident = incident.next()
            } else {
                result.append(normal[event].1)
                event += 1
            }
        }
        return Array((result + events.suffix(clockAhead).map(\.1) + ahead).prefix(max(0, limit)))
    }
}
