import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapGather

/// Each tool's report of one measurement (94.2 Mbps down, 18.7 up, 12.5 ms, jitter 1.5 ms),
/// in its own units — Ookla in bytes per second, LibreSpeed in Mbps, Speedtest Tracker as
/// Ookla's figures in its API's envelope — reads as the same result.
@Suite struct SpeedReportTests {
    private let fallback = Date(timeIntervalSince1970: 1_800_000_000)

    private func read(_ format: SpeedReportFormat, _ name: String) throws -> SpeedResult {
        try format.read(try Fixture.bytes("speed/\(name)"), fallbackDate: fallback)
    }

    private func failure(_ format: SpeedReportFormat, _ json: String) -> String {
        do {
            _ = try format.read(Array(json.utf8), fallbackDate: fallback)
            return "read"
        } catch {
            return error.description
        }
    }

    @Test func everyToolsReportOfOneMeasurementGivesTheSameFields() throws {
        let results = [
            try read(.ookla, "ookla.json"), try read(.librespeed, "librespeed.json"),
            try read(.speedtestTracker, "speedtest-tracker.json"),
        ]
        for result in results {
            #expect(abs((result.downloadMbps ?? 0) - 94.2) < 1e-9, "\(result.tool ?? "")")
            #expect(abs((result.uploadMbps ?? 0) - 18.7) < 1e-9, "\(result.tool ?? "")")
            #expect(result.latencyMs == 12.5)
            #expect(result.jitterMs == 1.5)
            #expect(result.bytesUsed == 141_125_000)
            // LibreSpeed's time has nanoseconds (Go's RFC 3339) and an offset.
            #expect(abs(result.measuredAt.timeIntervalSince(RFC3339.parse("2026-11-28T06:00:12Z")!)) < 0.2)
        }
        #expect(results.map(\.tool) == ["ookla", "librespeed", "speedtest-tracker"])
        #expect(results.map(\.server) == ["Example ISP, Zurich", "Example ISP, Zurich", "Example ISP"])
    }

    @Test func speedtestTrackerWithoutOoklasReportIsDatedByItsCreationInUTC() throws {
        let json = """
            {"data": {"id": 1, "ping": 9, "download": 1250000, "upload": 250000, "status": "completed",
             "created_at": "2026-11-28 06:00:30"}, "message": "ok"}
            """
        let result = try SpeedReportFormat.speedtestTracker.read(Array(json.utf8), fallbackDate: fallback)
        #expect(result.measuredAt == RFC3339.parse("2026-11-28T06:00:30Z"))
        #expect(result.downloadMbps == 10)
        #expect(result.uploadMbps == 2)
        #expect(result.jitterMs == nil)
    }

    @Test func iperf3ReportsReadTheReceiversRateAndTheSendersRoundTrip() throws {
        let bytesDown = try Fixture.bytes("speed/iperf3-download.json")
        let bytesUp = try Fixture.bytes("speed/iperf3-upload.json")
        let download = try IPerf3Report(SpeedReportReader(root: try JSONParser.parse(bytesDown), format: .iperf3))
        let upload = try IPerf3Report(SpeedReportReader(root: try JSONParser.parse(bytesUp), format: .iperf3))
        #expect(download.isDownload && !upload.isDownload)
        #expect(abs(download.mbps - 10_470.333246833094) < 1e-6)
        #expect(abs(upload.mbps - 16_960.006717642107) < 1e-6)
        #expect(upload.latencyMs == 0.232)
        #expect(upload.jitterMs == 0.186)
        // A reverse run's client receives: the kernel has no round trip to tell it.
        #expect(download.latencyMs == nil)
        let combined = IPerf3Report.combined(download: download, upload: upload, fallbackDate: fallback)
        #expect(combined.downloadMbps == download.mbps && combined.uploadMbps == upload.mbps)
        #expect(combined.latencyMs == 0.232 && combined.server == "127.0.0.1" && combined.tool == "iperf3")
        #expect(combined.bytesUsed == Double(1_311_309_771 + 2_120_744_960))
        #expect(combined.measuredAt == Date(timeIntervalSince1970: 1_795_935_826 + 1.000351))
        // One report alone (a file a user's iperf3 wrote) is its one direction.
        let alone = try SpeedReportFormat.iperf3.read(bytesDown, fallbackDate: fallback)
        #expect(alone.downloadMbps == download.mbps && alone.uploadMbps == nil)
    }

    @Test func aFailedReportSaysWhyWithItsPath() throws {
        #expect(
            failure(.iperf3, try String(contentsOfFile: Fixture.path("speed/iperf3-refused.json"), encoding: .utf8))
                == "iperf3 report: error: unable to connect to server: Connection refused")
        #expect(failure(.ookla, #"{"type": "log", "message": "x"}"#) == #"ookla report: type: expected "result", found "log""#)
        #expect(
            failure(.ookla, #"{"download": {"bandwidth": "fast"}}"#)
                == #"ookla report: download.bandwidth: expected a finite number ≥ 0, found "fast""#)
        #expect(failure(.librespeed, "[]") == "librespeed report: expected at least one result, found an empty array")
        #expect(failure(.librespeed, #"[{"ping": 3}]"#) == "librespeed report: download: required key is missing (expected Mbps)")
        #expect(
            failure(.speedtestTracker, #"{"data": {"status": "failed"}}"#)
                == #"speedtest-tracker report: data.status: the latest result is "failed", not completed"#)
        #expect(failure(.ookla, "{") == "ookla report: line 1, column 2: unexpected end of JSON")
    }

    @Test func aToolsLongServerNameIsCutToWhatTheSnapshotHolds() throws {
        let name = String(repeating: "é", count: 400)
        let json = #"[{"download": 1, "server": {"name": "\#(name)"}}]"#
        let result = try SpeedReportFormat.librespeed.read(Array(json.utf8), fallbackDate: fallback)
        #expect(result.server?.unicodeScalars.count == 256)
        #expect(result.measuredAt == fallback)
    }
}
