import NIOConcurrencyHelpers
import NetsnapModel
import NetsnapWidgets
import Prometheus

/// The network as Prometheus gauges, from each cycle's widgets: every target's reachability
/// and latency, the gateway's latency and the devices by state. A series whose value is
/// unknown (an offline target's latency, an unmeasured gateway) or whose target is gone is
/// removed, not left at its last value or set to zero.
///
/// Targets are labelled by their stable id (`target_id`), so renaming one does not split its
/// series; `netsnap_target_info{target_id, target}` carries the display name, to join on.
final class NetworkMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let devices: [LocalDevice.Status: Gauge]

    private struct Series {
        var targetUp: [String: Gauge] = [:]
        var targetLatency: [String: Gauge] = [:]
        /// By target id: the name it is labelled with, and its info gauge.
        var targetInfo: [String: (name: String, gauge: Gauge)] = [:]
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
    private static var targetInfo: MetricNameDescriptor {
        ServerMetrics.name("target", "info", "", help: "Always 1: a target's display name, by its id.")
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
        series.withLockedValue { series in
            recordTargets(widgets.dashboard.targets, in: &series)
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

    /// Each target's up, latency and info series, by id; a repeated id counts once.
    private func recordTargets(_ targets: [LargeWidget.TargetRow], in series: inout Series) {
        var up: [String: Gauge] = [:]
        var latency: [String: Gauge] = [:]
        var info: [String: (name: String, gauge: Gauge)] = [:]
        for target in targets {
            let id = target.id.uuidString.lowercased()
            guard up[id] == nil else { continue }
            let labels = [("target_id", id)]
            let upGauge = series.targetUp.removeValue(forKey: id) ?? registry.makeGauge(descriptor: Self.targetUp, labels: labels)
            upGauge.set(to: target.isOnline ? 1 : 0)
            up[id] = upGauge
            let latencyGauge = series.targetLatency.removeValue(forKey: id)
            if target.isOnline, let milliseconds = target.latencyMs {
                let gauge = latencyGauge ?? registry.makeGauge(descriptor: Self.targetLatency, labels: labels)
                gauge.set(to: Self.seconds(milliseconds))
                latency[id] = gauge
            } else if let latencyGauge {
                registry.unregisterGauge(latencyGauge)
            }
            var named = series.targetInfo.removeValue(forKey: id)
            if let old = named, old.name != target.name {
                registry.unregisterGauge(old.gauge)
                named = nil
            }
            let infoGauge = named?.gauge ?? registry.makeGauge(descriptor: Self.targetInfo, labels: labels + [("target", target.name)])
            infoGauge.set(to: 1)
            info[id] = (target.name, infoGauge)
        }
        // What is left belongs to targets that are gone.
        for gauge in series.targetUp.values { registry.unregisterGauge(gauge) }
        for gauge in series.targetLatency.values { registry.unregisterGauge(gauge) }
        for named in series.targetInfo.values { registry.unregisterGauge(named.gauge) }
        series.targetUp = up
        series.targetLatency = latency
        series.targetInfo = info
    }

    /// Milliseconds as seconds, to the microsecond: `4.2 / 1000` is 0.004200000000000001 as a
    /// Double and prints so; the microseconds over a million print `0.0042`.
    static func seconds(_ milliseconds: Double) -> Double { (milliseconds * 1000).rounded() / 1_000_000 }
}
