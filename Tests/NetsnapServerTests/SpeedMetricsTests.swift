import Foundation
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapServer

/// The line's newest speed measurement in /metrics, in base units promtool accepts; a figure it lacks, and
/// every figure once there is no measurement, leaves no series.
@Suite struct SpeedMetricsTests {
    func text(_ metrics: ServerMetrics) -> String { String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self) }

    @Test func theMeasurementIsGaugesAndAMissingFigureIsNoSeries() throws {
        let metrics = ServerMetrics()
        var snapshot = SampleSnapshot.snapshot
        snapshot.speed = SpeedResult(
            measuredAt: Date(timeIntervalSince1970: 1_795_000_000), downloadMbps: 94.2, uploadMbps: 18.7, latencyMs: 12.5,
            jitterMs: 1.5)
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        var exposition = text(metrics)
        #expect(try PromtoolCheck.problems(exposition) == nil)
        #expect(exposition.contains("netsnap_line_download_bytes_per_second 11775000.0\n"))
        #expect(exposition.contains("netsnap_line_upload_bytes_per_second 2337500.0\n"))
        #expect(exposition.contains("netsnap_line_latency_seconds 0.0125\n"))
        #expect(exposition.contains("netsnap_line_jitter_seconds 0.0015\n"))
        #expect(exposition.contains("netsnap_line_speed_measured_timestamp_seconds 1795000000.0\n"))
        snapshot.speed?.jitterMs = nil
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        exposition = text(metrics)
        #expect(!exposition.contains("netsnap_line_jitter_seconds "))
        #expect(exposition.contains("netsnap_line_latency_seconds 0.0125\n"))
        snapshot.speed = nil
        metrics.record(WidgetSet(snapshot), devices: snapshot.devices)
        #expect(!text(metrics).contains("netsnap_line_"))
    }
}
