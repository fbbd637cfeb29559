import NIOConcurrencyHelpers
import NetsnapModel
import NetsnapWidgets
import Prometheus

/// The network as Prometheus gauges, from each cycle's widgets: every target's reachability
/// and latency (labelled by its name), the gateway's latency and the devices by state. A
/// series whose value is unknown (an offline target's latency, an unmeasured gateway) or whose
/// target is gone is removed, not left at its last value or set to zero.
final class NetworkMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let devices: [LocalDevice.Status: Gauge]

    private struct Series {
        var targetUp: [String: Gauge] = [:]
        var targetLatency: [String: Gauge] = [:]
        var gatewayLatency: Gauge?
    }

    private let series = NIOLockedValueBox(Series())

    private static var targetUp: MetricNameDescriptor {
        ServerMetrics.name(nil, "target_up", "", help: "1 while the target answers, else 0.")
    }
    private static var targetLatency: MetricNameDescriptor {
        ServerMetrics.name(
            "target", "latency", "seconds", help: "The target's latency in the last cycle (absent while it is down).")
    }
    private static var gatewayLatency: MetricNameDescriptor {
        ServerMetrics.name(
            "gateway", "latency", "seconds", help: "The gateway's latency in the last cycle (absent when not measured).")
    }

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        let descriptor = ServerMetrics.name(nil, "devices", "", help: "Devices on the network in the last cycle, by state.")
        devices = Dictionary(
            uniqueKeysWithValues: LocalDevice.Status.allCases.map {
                ($0, registry.makeGauge(descriptor: descriptor, labels: [("state", $0.rawValue)]))
            })
    }

    /// Sets every gauge from one cycle: `widgets` for targets and gateway, `devices` for the counts.
    func record(_ widgets: WidgetSet, devices list: [LocalDevice]) {
        var counts: [LocalDevice.Status: Int] = [:]
        for device in list { counts[device.status, default: 0] += 1 }
        for (status, gauge) in devices { gauge.set(to: Double(counts[status] ?? 0)) }
        let targets = widgets.dashboard.targets
        let labels = Self.labels(targets.map(\.name))
        series.withLockedValue { series in
            var up: [String: Gauge] = [:]
            var latency: [String: Gauge] = [:]
            for (target, label) in zip(targets, labels) {
                let upGauge =
                    series.targetUp.removeValue(forKey: label)
                    ?? registry.makeGauge(descriptor: Self.targetUp, labels: [("target", label)])
                upGauge.set(to: target.isOnline ? 1 : 0)
                up[label] = upGauge
                let latencyGauge = series.targetLatency.removeValue(forKey: label)
                if target.isOnline, let milliseconds = target.latencyMs {
                    let gauge = latencyGauge ?? registry.makeGauge(descriptor: Self.targetLatency, labels: [("target", label)])
                    gauge.set(to: Self.seconds(milliseconds))
                    latency[label] = gauge
                } else if let latencyGauge {
                    registry.unregisterGauge(latencyGauge)
                }
            }
            // What is left belongs to targets that are gone.
            for gauge in series.targetUp.values { registry.unregisterGauge(gauge) }
            for gauge in series.targetLatency.values { registry.unregisterGauge(gauge) }
            series.targetUp = up
            series.targetLatency = latency
            if let milliseconds = widgets.medium.gatewayLatencyMs {
                let gauge = series.gatewayLatency ?? registry.makeGauge(descriptor: Self.gatewayLatency)
                gauge.set(to: Self.seconds(milliseconds))
                series.gatewayLatency = gauge
            } else if let gauge = series.gatewayLatency {
                registry.unregisterGauge(gauge)
                series.gatewayLatency = nil
            }
        }
    }

    /// Target names as label values, a repeated name numbered ("NAS", "NAS (2)").
    static func labels(_ names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.map { name in
            var label = name
            var number = 2
            while !taken.insert(label).inserted {
                label = "\(name) (\(number))"
                number += 1
            }
            return label
        }
    }

    /// Milliseconds as seconds, to the microsecond: `4.2 / 1000` is 0.004200000000000001 as a
    /// Double and prints so; the microseconds over a million print `0.0042`.
    static func seconds(_ milliseconds: Double) -> Double { (milliseconds * 1000).rounded() / 1_000_000 }
}
