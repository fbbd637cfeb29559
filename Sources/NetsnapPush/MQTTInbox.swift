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
        /// Messages passed on live (not retained), by topic, at most `maximumLive` each: answers to a question.
        var live: [String: [[UInt8]]] = [:]
        /// QoS 1 messages the broker acknowledged.
        var acknowledged = 0
    }

    /// At most this many retained topics are gathered; more is not one netsnap's.
    static let maximumTopics = 100_000
    /// At most this many live messages are kept per topic.
    static let maximumLive = 64

    private let state = Mutex(Reading())

    var reading: Reading { state.withLock { $0 } }

    func record(_ event: MosquittoClient.Event) {
        state.withLock { reading in
            switch event {
            case .connected: reading.connected = true
            case .refused(_, let reason): reading.refusal = reason
            case .disconnected: reading.connected = false
            case .message(let topic, let payload, let retained):
                if !retained, !payload.isEmpty, reading.live[topic, default: []].count < Self.maximumLive {
                    reading.live[topic, default: []].append(payload)
                }
                guard retained, !payload.isEmpty, reading.retained.count < Self.maximumTopics else { return }
                reading.retained[topic] = payload
                reading.lastRetainedAt = Date()
            case .published: reading.acknowledged += 1
            }
        }
    }
}
