import NIOConcurrencyHelpers
import Prometheus

/// The Prometheus registry behind `/metrics`, with the server's own request metrics. The
/// watch loop's `WatchMonitor` records into the same registry.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    let requestDuration: DurationHistogram
    let healthy: Gauge
    let lastSuccess: Gauge
    /// Request counters by label values, so the hot path skips the registry's name checks.
    private let requestCounters = NIOLockedValueBox<[RequestLabels: Counter]>([:])

    private struct RequestLabels: Hashable {
        let handler: String
        let method: String
        let status: Int
    }

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        requestDuration = registry.makeDurationHistogram(
            descriptor: Self.name("http", "request_duration", "seconds", help: "Time to answer an HTTP request."),
            buckets: [.microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(5),
                .milliseconds(25), .milliseconds(100), .milliseconds(500), .seconds(2)])
        healthy = registry.makeGauge(descriptor: Self.name(nil, "healthy", "", help: "1 while /healthz answers 200, else 0."))
        lastSuccess = registry.makeGauge(
            descriptor: Self.name(
                nil, "last_success_timestamp", "seconds", help: "Unix time of the last successful cycle (0: none yet)."))
    }

    /// Counts one answered request. Labels come from small fixed sets (the handler, the
    /// method if GET or HEAD, the status code), so the number of series stays bounded.
    func recordRequest(handler: String, method: String, status: Int, duration: Duration) {
        let labels = RequestLabels(handler: handler, method: method, status: status)
        let counter = requestCounters.withLockedValue { counters in
            if let counter = counters[labels] { return counter }
            let counter = registry.makeCounter(
                descriptor: Self.name("http", "requests", "total", help: "HTTP requests answered, by handler, method and status."),
                labels: [("handler", handler), ("method", method), ("status", String(status))])
            counters[labels] = counter
            return counter
        }
        counter.increment()
        requestDuration.record(duration)
    }

    /// The exposition text, with the health gauges brought up to date first.
    func exposition(health: WatchHealth, healthy isHealthy: Bool) -> [UInt8] {
        healthy.set(to: isHealthy ? 1 : 0)
        lastSuccess.set(to: health.lastSuccessAt?.timeIntervalSince1970 ?? 0)
        return registry.emitToBuffer()
    }

    /// A metric name in netsnap's namespace: `netsnap_[subsystem_]name[_unit]`.
    static func name(_ subsystem: String?, _ name: String, _ unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "netsnap", subsystem: subsystem, metricName: name, unitName: unit, helpText: help)
    }
}
