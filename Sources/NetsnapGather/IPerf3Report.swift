import Foundation
import NetsnapJSON
import NetsnapModel

/// One direction of an `iperf3 --json` run: the rate the receiving side counted, and from a
/// sending client the kernel's round-trip figures (TCP_INFO), which stand in for latency
/// and jitter since iperf3 has no ping of its own.
struct IPerf3Report {
    /// `--reverse`: the server sent, so this is the download.
    var isDownload: Bool
    var mbps: Double
    var bytes: Double
    /// The least round-trip time seen (ms): the line's latency with the least queueing.
    var latencyMs: Double?
    /// The mean of the kernel's RTT variation over the intervals (ms).
    var jitterMs: Double?
    var server: String?
    var finishedAt: Date?

    init(_ report: SpeedReportReader) throws(SpeedReportError) {
        if let message = try report.string("error") {
            throw SpeedReportError(format: .iperf3, path: "error", message: message)
        }
        guard let bitsPerSecond = try report.number("end.sum_received.bits_per_second") else {
            throw report.missing("end.sum_received.bits_per_second", expected: "bits per second")
        }
        isDownload = (try report.number("start.test_start.reverse") ?? 0) == 1
        mbps = bitsPerSecond / 1_000_000
        bytes = try report.number("end.sum_received.bytes") ?? 0
        let streams = Self.elements(report.value("end.streams"))
        let rtt = streams.compactMap { stream -> Double? in
            guard case .number(let microseconds)? = stream["sender"]?["min_rtt"], microseconds > 0 else { return nil }
            return microseconds
        }
        latencyMs = rtt.min().map { $0 / 1000 }
        let variations = Self.elements(report.value("intervals")).flatMap { Self.elements($0["streams"]) }.compactMap {
            stream -> Double? in
            guard case .number(let microseconds)? = stream["rttvar"], microseconds > 0 else { return nil }
            return microseconds
        }
        jitterMs = variations.isEmpty ? nil : variations.reduce(0, +) / Double(variations.count) / 1000
        server = try report.string("start.connecting_to.host")
        let started = try report.number("start.timestamp.timesecs")
        let seconds = try report.number("end.sum_received.end") ?? 0
        finishedAt = started.map { Date(timeIntervalSince1970: $0 + seconds) }
    }

    private static func elements(_ value: JSONValue?) -> [JSONValue] {
        guard case .array(let elements)? = value else { return [] }
        return elements
    }

    /// The report alone as a result: its direction's rate and, sent from here, the RTT figures.
    func result(fallbackDate: Date) -> SpeedResult {
        SpeedResult(
            measuredAt: finishedAt ?? fallbackDate, downloadMbps: isDownload ? mbps : nil, uploadMbps: isDownload ? nil : mbps,
            latencyMs: latencyMs, jitterMs: jitterMs, server: server, tool: SpeedReportFormat.iperf3.rawValue, bytesUsed: bytes)
    }

    /// A download and an upload run against one server, as one result.
    static func combined(download: IPerf3Report, upload: IPerf3Report, fallbackDate: Date) -> SpeedResult {
        SpeedResult(
            measuredAt: [download.finishedAt, upload.finishedAt].compactMap { $0 }.max() ?? fallbackDate,
            downloadMbps: download.mbps, uploadMbps: upload.mbps, latencyMs: upload.latencyMs ?? download.latencyMs,
            jitterMs: upload.jitterMs ?? download.jitterMs, server: upload.server ?? download.server,
            tool: SpeedReportFormat.iperf3.rawValue, bytesUsed: download.bytes + upload.bytes)
    }
}
