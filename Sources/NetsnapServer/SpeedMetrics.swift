import NIOConcurrencyHelpers
import NetsnapModel
import Prometheus

/// The line's newest speed measurement as gauges, in Prometheus' base units (bytes per
/// second — promtool refuses bits — and seconds),
/// with the time it was taken so an alert can tell an old figure from a new one. A figure
/// the measurement did not give has no series, not a zero.
final class SpeedMetrics: Sendable {
    private enum Figure: CaseIterable {
        case download, upload, latency, jitter, measuredAt

        var descriptor: MetricNameDescriptor {
            switch self {
            case .download:
                ServerMetrics.name("line", "download", "bytes_per_second", help: "The line's download in its newest speed measurement.")
            case .upload:
                ServerMetrics.name("line", "upload", "bytes_per_second", help: "The line's upload in its newest speed measurement.")
            case .latency: ServerMetrics.name("line", "latency", "seconds", help: "The latency in the newest speed measurement.")
            case .jitter: ServerMetrics.name("line", "jitter", "seconds", help: "The jitter in the newest speed measurement.")
            case .measuredAt:
                ServerMetrics.name(
                    "line", "speed_measured", "timestamp_seconds", help: "When the newest speed measurement finished, since the Unix epoch."
                )
            }
        }

        func value(_ result: SpeedResult) -> Double? {
            switch self {
            case .download: result.downloadMbps.map { ($0 * 125_000).rounded() }
            case .upload: result.uploadMbps.map { ($0 * 125_000).rounded() }
            case .latency: result.latencyMs.map(NetworkMetrics.seconds)
            case .jitter: result.jitterMs.map(NetworkMetrics.seconds)
            case .measuredAt: result.measuredAt.timeIntervalSince1970.rounded()
            }
        }
    }

    private let registry: PrometheusCollectorRegistry
    private let gauges = NIOLockedValueBox<[Figure: Gauge]>([:])

    init(registry: PrometheusCollectorRegistry) { self.registry = registry }

    /// Sets each figure of `result`; removes the series of a figure it lacks (or of all, without one).
    func record(_ result: SpeedResult?) {
        gauges.withLockedValue { gauges in
            for figure in Figure.allCases {
                if let value = result.flatMap(figure.value) {
                    let gauge = gauges[figure] ?? registry.makeGauge(descriptor: figure.descriptor)
                    gauge.set(to: value)
                    gauges[figure] = gauge
                } else if let gauge = gauges.removeValue(forKey: figure) {
                    registry.unregisterGauge(gauge)
                }
            }
        }
    }
}
