import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapFeeds

/// widgets.json carries the newest speed measurement with its age, and the history's daily
/// speed series; both are null when nothing was measured.
@Suite struct SpeedFeedTests {
    let now = RFC3339.parse("2026-11-21T10:43:00Z")!

    @Test func theMeasurementAndItsSeriesAreInWidgetsJSON() throws {
        var snapshot = SampleSnapshot.snapshot.redated(to: RFC3339.parse("2026-11-21T10:42:00Z")!)
        snapshot.speed = SpeedResult(
            measuredAt: RFC3339.parse("2026-11-21T06:43:00Z")!, downloadMbps: 94.2, uploadMbps: 18.7, latencyMs: 12.5,
            jitterMs: 1.5, server: "Example <ISP>", tool: "ookla", bytesUsed: 141_125_000)
        var points = [Double?](repeating: nil, count: 90)
        points[89] = 94.2
        var history = HistorySummary(
            gatewayLatency: .init(bucketSeconds: 1800, endsAt: now, points: []), targets: [])
        history.speed = .init(
            download: .init(bucketSeconds: 86_400, endsAt: now, points: points),
            upload: .init(bucketSeconds: 86_400, endsAt: now, points: points.map { $0.map { $0 / 5 } }))
        let value = try JSONParser.parse(WidgetsFeed.bytes(WidgetSet(snapshot, history: history), context: FeedContext(generatedAt: now)))
        let speed = try #require(value["speed"])
        #expect(speed["downloadMbps"] == .number(94.2) && speed["uploadMbps"] == .number(18.7))
        #expect(speed["measuredAt"] == .string("2026-11-21T06:43:00Z"))
        #expect(speed["ageSeconds"] == .number(4 * 3600))
        #expect(speed["server"] == .string("Example <ISP>") && speed["tool"] == .string("ookla"))
        let series = try #require(value["history"]?["speed"])
        #expect(series["download"]?["bucketSeconds"] == .number(86_400))
        guard case .array(let download)? = series["download"]?["points"] else {
            Issue.record("no download points")
            return
        }
        #expect(download.count == 90 && download.last == .number(94.2) && download.first == .null)
    }

    @Test func withoutAMeasurementSpeedIsNull() throws {
        var snapshot = SampleSnapshot.snapshot
        snapshot.speed = nil
        let value = try JSONParser.parse(WidgetsFeed.bytes(WidgetSet(snapshot), context: FeedContext(generatedAt: now)))
        #expect(value["speed"] == .null)
    }
}
