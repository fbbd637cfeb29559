import NetsnapModel
import Synchronization

/// Events about wall displays, which the server notices between watch cycles (a display
/// ran low, fell silent, came back): posted here, and taken by the next cycle into the
/// history, the feeds and the notifications like any event it detected itself. Bounded, so a
/// loop that has stopped cannot make it grow.
public final class DisplayEventInbox: Sendable {
    private let pending = Mutex<[NetworkEvent]>([])
    public static let capacity = 64

    public init() {}

    public func post(_ event: NetworkEvent) {
        pending.withLock { events in
            events.append(event)
            if events.count > Self.capacity { events.removeFirst(events.count - Self.capacity) }
        }
    }

    /// The events posted since the last call, oldest first.
    func drain() -> [NetworkEvent] {
        pending.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
