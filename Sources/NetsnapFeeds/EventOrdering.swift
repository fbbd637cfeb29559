import NetsnapModel

/// The order both feeds list events in.
enum EventOrdering {
    /// Newest first, ties by id so the order is stable; at most `limit`.
    static func newestFirst(_ events: [NetworkEvent], limit: Int) -> [NetworkEvent] {
        Array(
            events.sorted { a, b in a.occurredAt != b.occurredAt ? a.occurredAt > b.occurredAt : a.id > b.id }
                .prefix(max(0, limit)))
    }
}
