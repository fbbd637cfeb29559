import NIOConcurrencyHelpers
import Prometheus

/// Each display as Prometheus gauges, labelled by its friendly id (six hex digits — never
/// header text, so no label can be forged): its battery voltage, its Wi-Fi signal and when
/// it was last seen. A value the display never reported has no series, rather than a zero.
package final class DisplayMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let gauges = NIOLockedValueBox<[Key: Gauge]>([:])

    private struct Key: Hashable {
        let metric: Metric
        let display: String
    }

    private enum Metric: CaseIterable {
        case batteryVolts, rssi, lastSeen

        var descriptor: MetricNameDescriptor {
            switch self {
            case .batteryVolts:
                DisplayMetrics.name("display", "battery", "volts", help: "The display's battery voltage, as it last reported it.")
            case .rssi:
                DisplayMetrics.name("display", "rssi", "dbm", help: "The display's Wi-Fi signal (RSSI), as it last reported it.")
            case .lastSeen:
                DisplayMetrics.name("display", "last_seen_timestamp", "seconds", help: "Unix time of the display's last request.")
            }
        }
    }

    package init(registry: PrometheusCollectorRegistry) { self.registry = registry }

    /// `netsnap_display_<name>_<unit>`, named as the server's other metrics are.
    fileprivate static func name(_ subsystem: String, _ name: String, _ unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "netsnap", subsystem: subsystem, metricName: name, unitName: unit, helpText: help)
    }

    package func record(_ records: [DisplayRecord]) {
        gauges.withLockedValue { gauges in
            for record in records {
                let values: [Metric: Double?] = [
                    .batteryVolts: record.batteryVolts, .rssi: record.rssi.map(Double.init),
                    .lastSeen: record.lastSeen.timeIntervalSince1970,
                ]
                for (metric, value) in values {
                    guard let value else { continue }
                    let key = Key(metric: metric, display: record.friendlyID)
                    let gauge =
                        gauges[key] ?? registry.makeGauge(descriptor: metric.descriptor, labels: [("display", record.friendlyID)])
                    gauge.set(to: value)
                    gauges[key] = gauge
                }
            }
        }
    }
}
