import NIOConcurrencyHelpers
import NetsnapModel
import NetsnapWidgets
import Prometheus

/// The network as Prometheus gauges, from each cycle's widgets: every target's reachability,
/// latency, packet loss and jitter, the gateway's latency and the devices by state. A series
/// whose value is unknown (an offline target's latency, loss on a target checked with one
/// echo, an unmeasured gateway) or whose target is gone is removed, not left at its last
/// value or set to zero.
///
/// Targets are labelled by their stable id (`target_id`), so renaming one does not split its
/// series; `netsnap_target_info{target_id, target}` carries the display name, to join on.
final class NetworkMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let devices: [LocalDevice.Status: Gauge]

    /// The series kept per target, one gauge per target label each.
    private enum TargetMeasure: CaseIterable {
        case up, latency, loss, jitter

        var descriptor: MetricNameDescriptor {
            switch self {
            case .up: ServerMetrics.name(nil, "target_up", "", help: "1 while the target answers, else 0.")
            case .latency:
                ServerMetrics.name(
                    "target", "latency", "seconds", help: "The target's latency in the last cycle (absent while it is down).")
            case .loss:
                ServerMetrics.name(
                    "target", "packet_loss", "ratio",
                    help: "The share of the target's echoes lost in the last cycle, 0 to 1 (absent unless a check sends several).")
            case .jitter:
                ServerMetrics.name(
                    "target", "jitter", "seconds",
                    help: "Mean difference between consecutive round trips in the last cycle (absent with fewer than two).")
            }
        }

        /// The value for `target`; nil when unknown, which removes the series.
        func value(_ target: LargeWidget.TargetRow) -> Double? {
            switch self {
            case .up: target.isOnline ? 1 : 0
            case .latency: target.isOnline ? target.latencyMs.map(NetworkMetrics.seconds) : nil
            // Percent with three decimals as a ratio with five, printed without float artefacts.
            case .loss: target.lossPercent.map { ($0 * 1000).rounded() / 100_000 }
            case .jitter: target.jitterMs.map(NetworkMetrics.seconds)
            }
        }
    }

    private struct Series {
        var targets: [TargetMeasure: [String: Gauge]] = [:]
        /// By target id: the name it is labelled with, and its info gauge.
        var targetInfo: [String: (name: String, gauge: Gauge)] = [:]
        var gatewayLatency: Gauge?
    }

    private let series = NIOLockedValueBox(Series())

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

    /// Each target's measures and info series, by id; a repeated id counts once.
    private func recordTargets(_ rows: [LargeWidget.TargetRow], in series: inout Series) {
        var seen: Set<String> = []
        let targets = rows.filter { seen.insert($0.id.uuidString.lowercased()).inserted }
        for measure in TargetMeasure.allCases {
            var previous = series.targets[measure] ?? [:]
            var current: [String: Gauge] = [:]
            for target in targets {
                let id = target.id.uuidString.lowercased()
                let gauge = previous.removeValue(forKey: id)
                if let value = measure.value(target) {
                    let kept = gauge ?? registry.makeGauge(descriptor: measure.descriptor, labels: [("target_id", id)])
                    kept.set(to: value)
                    current[id] = kept
                } else if let gauge {
                    registry.unregisterGauge(gauge)
                }
            }
            // What is left belongs to targets that are gone.
            for gauge in previous.values { registry.unregisterGauge(gauge) }
            series.targets[measure] = current
        }
        var info: [String: (name: String, gauge: Gauge)] = [:]
        for target in targets {
            let id = target.id.uuidString.lowercased()
            var named = series.targetInfo.removeValue(forKey: id)
            if let old = named, old.name != target.name {
                registry.unregisterGauge(old.gauge)
                named = nil
            }
            let gauge =
                named?.gauge ?? registry.makeGauge(descriptor: Self.targetInfo, labels: [("target_id", id), ("target", target.name)])
            gauge.set(to: 1)
            info[id] = (target.name, gauge)
        }
        for named in series.targetInfo.values { registry.unregisterGauge(named.gauge) }
        series.targetInfo = info
    }

    /// Milliseconds as seconds, to the microsecond: `4.2 / 1000` is 0.004200000000000001 as a
    /// Double and prints so; the microseconds over a million print `0.0042`.
    static func seconds(_ milliseconds: Double) -> Double { (milliseconds * 1000).rounded() / 1_000_000 }
}
