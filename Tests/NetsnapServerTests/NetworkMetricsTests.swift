import Foundation
import NetsnapModel
import NetsnapPush
import NetsnapRender
import NetsnapWatch
import NetsnapWidgets
import Testing

@testable import NetsnapServer

@Suite struct NetworkMetricsTests {
    func text(_ metrics: ServerMetrics) -> String { String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self) }

    @Test func everyTargetTheGatewayAndTheDevicesAreGauges() throws {
        let metrics = ServerMetrics()
        let snapshot = SampleSnapshot.snapshot
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        let exposition = text(metrics)
        for target in snapshot.targets {
            let id = target.id.uuidString.lowercased()
            #expect(
                exposition.contains(#"netsnap_target_up{target_id="\#(id)"} \#(target.isOnline ? "1.0" : "0.0")"#), "\(target.name)")
            #expect(exposition.contains(#"netsnap_target_info{target_id="\#(id)",target="\#(target.name)"} 1.0"#), "\(target.name)")
            let latency = #"netsnap_target_latency_seconds{target_id="\#(id)"}"#
            if target.isOnline, let milliseconds = target.currentLatency {
                #expect(exposition.contains("\(latency) \(NetworkMetrics.seconds(milliseconds))"), "\(target.name)")
            } else {
                #expect(!exposition.contains(latency), "a down target has no latency series: \(target.name)")
            }
        }
        let gateway = try #require(snapshot.status.gatewayLatency)
        #expect(gateway == 4.2)
        #expect(exposition.contains("netsnap_gateway_latency_seconds 0.0042\n"), "no float artefact (0.004200000000000001)")
        #expect(!exposition.contains("00000000"), "no float artefact anywhere")
        for state in LocalDevice.Status.allCases {
            let count = snapshot.devices.filter { $0.status == state }.count
            #expect(exposition.contains(#"netsnap_devices{state="\#(state.rawValue)"} \#(Double(count))"#), "\(state)")
        }
    }

    @Test func goneTargetsAndUnknownValuesLeaveNoSeries() {
        let metrics = ServerMetrics()
        var snapshot = SampleSnapshot.snapshot
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        let gone = snapshot.targets.removeLast()
        snapshot.status.gatewayLatency = nil
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        let exposition = text(metrics)
        #expect(!exposition.contains(#"target="\#(gone.name)""#))
        #expect(!exposition.contains(gone.id.uuidString.lowercased()))
        #expect(!exposition.contains("netsnap_gateway_latency_seconds "))
        #expect(exposition.contains(#"netsnap_target_up{target_id="\#(snapshot.targets[0].id.uuidString.lowercased())"}"#))
    }

    /// A renamed target keeps its series; only its info line changes.
    @Test func aRenamedTargetKeepsItsSeries() {
        let metrics = ServerMetrics(version: "9.8.7")
        var snapshot = SampleSnapshot.snapshot
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        let id = snapshot.targets[0].id.uuidString.lowercased()
        let oldName = snapshot.targets[0].name
        snapshot.targets[0].name = "Renamed"
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        let exposition = text(metrics)
        #expect(exposition.components(separatedBy: #"netsnap_target_up{target_id="\#(id)"}"#).count == 2)
        #expect(exposition.contains(#"netsnap_target_info{target_id="\#(id)",target="Renamed"} 1.0"#))
        #expect(!exposition.contains(#"target="\#(oldName)""#))
        #expect(exposition.contains(#"netsnap_build_info{version="9.8.7"} 1.0"#))
    }

    @Test func lossAndJitterAreSeriesOnlyWhereMeasured() throws {
        let metrics = ServerMetrics()
        var snapshot = SampleSnapshot.snapshot
        snapshot.targets[0].lossPercent = 6.667
        snapshot.targets[0].jitterMs = 4.2
        snapshot.targets[1].lossPercent = 100
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        var exposition = text(metrics)
        let (first, second) = (snapshot.targets[0].id.uuidString.lowercased(), snapshot.targets[1].id.uuidString.lowercased())
        #expect(exposition.contains(#"netsnap_target_packet_loss_ratio{target_id="\#(first)"} 0.06667"#))
        #expect(exposition.contains(#"netsnap_target_jitter_seconds{target_id="\#(first)"} 0.0042"#))
        #expect(exposition.contains(#"netsnap_target_packet_loss_ratio{target_id="\#(second)"} 1.0"#))
        #expect(!exposition.contains(#"netsnap_target_jitter_seconds{target_id="\#(second)"}"#))
        #expect(exposition.components(separatedBy: "netsnap_target_packet_loss_ratio{").count == 3)
        #expect(!exposition.contains("00000000"), "no float artefact")
        // Checked with one echo again: the series go, as an offline target's latency does.
        snapshot.targets[0].lossPercent = nil
        snapshot.targets[0].jitterMs = nil
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        exposition = text(metrics)
        #expect(!exposition.contains(#"netsnap_target_packet_loss_ratio{target_id="\#(first)"}"#))
        #expect(!exposition.contains("netsnap_target_jitter_seconds{"))
        #expect(try PromtoolCheck.problems(exposition) == nil)
    }

    @Test func pushCountersGrowByTheDifference() {
        let metrics = ServerMetrics()
        var reading = PushMonitor.Reading()
        reading.mqttConnected = true
        reading.mqttConnects = 2
        reading.mqttMessages = 40
        reading.delivered = ["ntfy": 3]
        reading.failedAttempts = ["webhook": 2]
        reading.dropped = ["webhook": 1]
        reading.outboxDepth = 4
        metrics.record(reading)
        metrics.record(reading)
        let exposition = text(metrics)
        for line in [
            "netsnap_mqtt_connected 1.0", "netsnap_mqtt_connections_total 2", "netsnap_mqtt_messages_total 40",
            #"netsnap_notifications_sent_total{sink="ntfy"} 3"#, #"netsnap_notifications_failed_total{sink="webhook"} 2"#,
            #"netsnap_notifications_dropped_total{sink="webhook"} 1"#, "netsnap_notifications_outbox 4.0",
        ] {
            #expect(exposition.contains(line), "missing: \(line)")
        }
    }
}
