import Foundation
import NetsnapJSON
import NetsnapModel

/// The JSON reports of the speed-test tools netsnap reads, each turned into a `SpeedResult`.
/// Units differ per tool (Ookla: bytes per second; LibreSpeed: Mbps; iperf3: bits per
/// second), so every reader converts to the contract's Mbps.
public enum SpeedReportFormat: String, Sendable, CaseIterable {
    /// Ookla's `speedtest --format=json`.
    case ookla
    /// LibreSpeed's `librespeed-cli --json` (an array of one result per server, or one result).
    case librespeed
    /// Speedtest Tracker's `GET /api/v1/results/latest` (`{"data": {...}}`), or one result of it.
    case speedtestTracker = "speedtest-tracker"
    /// `iperf3 --json`: one direction per report (`--reverse` is the download).
    case iperf3

    /// The names the config accepts, for error messages and docs.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The result a report holds. `fallbackDate` dates a report that carries no time of its own.
    public func read(_ bytes: [UInt8], fallbackDate: Date) throws(SpeedReportError) -> SpeedResult {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SpeedReportError(format: self, path: "", message: "line \(error.line), column \(error.column): \(error.message)")
        }
        switch self {
        case .ookla: return try readOokla(SpeedReportReader(root: root, format: self), fallbackDate: fallbackDate)
        case .librespeed: return try readLibreSpeed(root, fallbackDate: fallbackDate)
        case .speedtestTracker: return try readSpeedtestTracker(root, fallbackDate: fallbackDate)
        case .iperf3: return try IPerf3Report(SpeedReportReader(root: root, format: self)).result(fallbackDate: fallbackDate)
        }
    }

    private static func megabits(bytesPerSecond: Double?) -> Double? { bytesPerSecond.map { $0 * 8 / 1_000_000 } }

    private func readOokla(_ report: SpeedReportReader, fallbackDate: Date) throws(SpeedReportError) -> SpeedResult {
        if let type = try report.string("type"), type != "result" {
            throw SpeedReportError(format: self, path: "type", message: "expected \"result\", found \"\(type)\"")
        }
        let download = try report.number("download.bandwidth")
        let upload = try report.number("upload.bandwidth")
        guard download != nil || upload != nil else {
            throw report.missing("download.bandwidth", expected: "bytes per second")
        }
        let server = [try report.string("server.name"), try report.string("server.location")].compactMap { $0 }
        let bytes = [try report.number("download.bytes"), try report.number("upload.bytes")].compactMap { $0 }
        return SpeedResult(
            measuredAt: try report.date("timestamp") ?? fallbackDate, downloadMbps: Self.megabits(bytesPerSecond: download),
            uploadMbps: Self.megabits(bytesPerSecond: upload), latencyMs: try report.number("ping.latency"),
            jitterMs: try report.number("ping.jitter"), server: server.isEmpty ? nil : server.joined(separator: ", "),
            tool: rawValue, bytesUsed: bytes.isEmpty ? nil : bytes.reduce(0, +))
    }

    private func readLibreSpeed(_ root: JSONValue, fallbackDate: Date) throws(SpeedReportError) -> SpeedResult {
        var result = root
        if case .array(let results) = root {
            // One result per server tested; the newest line is the last.
            guard let last = results.last else {
                throw SpeedReportError(format: self, path: "", message: "expected at least one result, found an empty array")
            }
            result = last
        }
        let report = SpeedReportReader(root: result, format: self)
        let download = try report.number("download")
        let upload = try report.number("upload")
        guard download != nil || upload != nil else { throw report.missing("download", expected: "Mbps") }
        let bytes = [try report.number("bytes_sent"), try report.number("bytes_received")].compactMap { $0 }
        return SpeedResult(
            measuredAt: try report.date("timestamp") ?? fallbackDate, downloadMbps: download, uploadMbps: upload,
            latencyMs: try report.number("ping"), jitterMs: try report.number("jitter"), server: try report.string("server.name"),
            tool: rawValue, bytesUsed: bytes.isEmpty ? nil : bytes.reduce(0, +))
    }

    /// Speedtest Tracker keeps Ookla's figures (`download`, `upload` in bytes per second,
    /// `ping` in ms) and Ookla's own report under `data`, which has the jitter and the server.
    private func readSpeedtestTracker(_ root: JSONValue, fallbackDate: Date) throws(SpeedReportError) -> SpeedResult {
        let report = SpeedReportReader(root: root["data"] ?? root, format: self)
        if let status = try report.string("status"), status != "completed" {
            throw SpeedReportError(format: self, path: "data.status", message: "the latest result is \"\(status)\", not completed")
        }
        let download = try report.number("download")
        let upload = try report.number("upload")
        guard download != nil || upload != nil else { throw report.missing("data.download", expected: "bytes per second") }
        let bytes = [try report.number("downloaded_bytes"), try report.number("uploaded_bytes")].compactMap { $0 }
        var measuredAt = try report.date("data.timestamp")
        if measuredAt == nil { measuredAt = try report.date("created_at", spaceSeparatedUTC: true) }
        return SpeedResult(
            measuredAt: measuredAt ?? fallbackDate, downloadMbps: Self.megabits(bytesPerSecond: download),
            uploadMbps: Self.megabits(bytesPerSecond: upload), latencyMs: try report.number("ping"),
            jitterMs: try report.number("data.ping.jitter"), server: try report.string("data.server.name"), tool: rawValue,
            bytesUsed: bytes.isEmpty ? nil : bytes.reduce(0, +))
    }
}
