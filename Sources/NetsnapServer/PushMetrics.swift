import NIOConcurrencyHelpers
import NetsnapPush
import Prometheus

/// Push's counters as Prometheus metrics: the broker connection, MQTT messages, and each
/// sink kind's notifications sent, failed attempts and dropped ones, and the outbox's depth.
/// Counters grow by the difference since the last copy, as the watch loop's do.
final class PushMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let connected: Gauge
    private let connects: Counter
    private let messages: Counter
    private let clashes: Counter
    private let reclaims: Counter
    private let outbox: Gauge

    private struct State {
        var exported = PushMonitor.Reading()
        var bySink: [String: Counter] = [:]
    }

    private let state = NIOLockedValueBox(State())

    private static var sent: MetricNameDescriptor {
        ServerMetrics.name("notifications", "sent", "total", help: "Notifications a sink accepted, by sink kind.")
    }
    private static var failed: MetricNameDescriptor {
        ServerMetrics.name(
            "notifications", "failed", "total",
            help: "Notification delivery attempts that failed (timeouts, refusals, error statuses), by sink kind.")
    }
    private static var dropped: MetricNameDescriptor {
        ServerMetrics.name(
            "notifications", "dropped", "total",
            help: "Notifications given up (a sink's lasting refusal, or the full outbox's oldest), by sink kind.")
    }

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        connected = registry.makeGauge(
            descriptor: ServerMetrics.name("mqtt", "connected", "", help: "1 while the MQTT broker connection is up."))
        connects = registry.makeCounter(
            descriptor: ServerMetrics.name("mqtt", "connections", "total", help: "Connections the MQTT broker accepted."))
        messages = registry.makeCounter(
            descriptor: ServerMetrics.name("mqtt", "messages", "total", help: "Retained MQTT messages published."))
        clashes = registry.makeCounter(
            descriptor: ServerMetrics.name(
                "mqtt", "node_clashes", "total", help: "Announcements of another netsnap publishing with this one's MQTT node id."))
        reclaims = registry.makeCounter(
            descriptor: ServerMetrics.name(
                "mqtt", "availability_reclaims", "total",
                help: "Times another installation said this node offline while it ran, and it said online again."))
        outbox = registry.makeGauge(
            descriptor: ServerMetrics.name("notifications", "outbox", "", help: "Notifications waiting in the outbox."))
    }

    func record(_ reading: PushMonitor.Reading) {
        state.withLockedValue { state in
            let previous = state.exported
            state.exported = reading
            connected.set(to: reading.mqttConnected ? 1 : 0)
            outbox.set(to: Double(reading.outboxDepth))
            connects.increment(by: Int64(max(0, reading.mqttConnects - previous.mqttConnects)))
            messages.increment(by: Int64(max(0, reading.mqttMessages - previous.mqttMessages)))
            clashes.increment(by: Int64(max(0, reading.mqttNodeClashes - previous.mqttNodeClashes)))
            reclaims.increment(by: Int64(max(0, reading.mqttAvailabilityReclaims - previous.mqttAvailabilityReclaims)))
            for (descriptor, now, before) in [
                (Self.sent, reading.delivered, previous.delivered), (Self.failed, reading.failedAttempts, previous.failedAttempts),
                (Self.dropped, reading.dropped, previous.dropped),
            ] {
                for (sink, count) in now {
                    let key = "\(descriptor.metricName) \(sink)"
                    let counter = state.bySink[key] ?? registry.makeCounter(descriptor: descriptor, labels: [("sink", sink)])
                    state.bySink[key] = counter
                    counter.increment(by: Int64(max(0, count - (before[sink] ?? 0))))
                }
            }
        }
    }
}
