import Synchronization

/// What push reports about itself for `/metrics` and logs: the broker connection and each
/// sink kind's deliveries. Shared between push's tasks, libmosquitto's thread and the server,
/// so it is locked.
public final class PushMonitor: Sendable {
    /// A copy of the counters at one moment.
    public struct Reading: Sendable, Equatable {
        /// True while the broker connection is up (false without MQTT).
        public var mqttConnected = false
        /// Connections the broker accepted since start.
        public var mqttConnects = 0
        /// Retained messages handed to libmosquitto.
        public var mqttMessages = 0
        /// Announcements of another netsnap with this one's node id (`NodeOwner`).
        public var mqttNodeClashes = 0
        /// Times another installation's `offline` on this node's availability topic was answered with `online`.
        public var mqttAvailabilityReclaims = 0
        /// Notifications delivered, by sink kind (`ntfy`, `webhook`).
        public var delivered: [String: Int] = [:]
        /// Delivery attempts that failed (timeouts, refused connections, error statuses), by sink kind.
        public var failedAttempts: [String: Int] = [:]
        /// Notifications given up on (a sink's lasting refusal, or the full outbox's oldest), by sink kind.
        public var dropped: [String: Int] = [:]
        /// Notifications waiting in the outbox.
        public var outboxDepth = 0

        public init() {}
    }

    private let state = Mutex(Reading())

    public init() {}

    public var reading: Reading { state.withLock { $0 } }

    func update(_ change: (inout Reading) -> Void) { state.withLock { change(&$0) } }
}
