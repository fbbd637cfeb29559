import Foundation
import Synchronization

/// What a short-lived MQTT client (`MQTTForget`) has heard so far, gathered from
/// libmosquitto's thread and read by polling from a task.
final class MQTTInbox: Sendable {
    struct Reading: Sendable {
        var connected = false
        /// The broker's reason, when it refused the connection.
        var refusal: String?
        /// Retained messages received, by topic; empty payloads (cleared topics) are left out.
        var retained: [String: [UInt8]] = [:]
        /// When the last retained message came.
        var lastRetainedAt = Date.distantPast
        /// QoS 1 messages the broker acknowledged.
        var acknowledged = 0
    }

    /// At most this many retained topics are gathered; more is not one netsnap's.
    static let maximumTopics = 100_000

    private let state = Mutex(Reading())

    var reading: Reading { state.withLock { $0 } }

    func record(_ event: MosquittoClient.Event) {
        state.withLock { reading in
            switch event {
            case .connected: reading.connected = true
            case .refused(_, let reason): reading.refusal = reason
            case .disconnected: reading.connected = false
            case .message(let topic, let payload, let retained):
                guard retained, !payload.isEmpty, reading.retained.count < Self.maximumTopics else { return }
                reading.retained[topic] = payload
                reading.lastRetainedAt = Date()
            case .published: reading.acknowledged += 1
            }
        }
    }
}
