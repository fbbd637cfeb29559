import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// `speed.html`: the latest measurement, the 30- and 90-day charts read back as XML (a line
/// per direction, broken at days without a result, a dot for a day alone), the scale from
/// zero to a round figure, the table of measured days, and nothing a snapshot says as markup.
@Suite struct SpeedPageTests {
    /// 90 days of results: none on days 60–64, 69 and 71, so the last 30 days hold a run of
    /// four days, one day alone and a run of eighteen; download 40 to 94.2 Mb/s.
    static func history() -> HistorySummary.SpeedHistory {
        let missing: Set<Int> = [60, 61, 62, 63, 64, 69, 71]
        let download = (0..<90).map { missing.contains($0) ? nil : 40 + Double($0) * 0.6 } as [Double?]
        let upload = download.map { $0.map { $0 / 5 } }
        let endsAt = PageFixtures.snapshotAt
        return .init(
            download: .init(bucketSeconds: 86_400, endsAt: endsAt, points: download),
            upload: .init(bucketSeconds: 86_400, endsAt: endsAt, points: upload))
    }

    static func widgets(speed: SpeedResult? = nil, history: HistorySummary.SpeedHistory? = history()) -> WidgetSet {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        snapshot.speed = speed
        var summary = HistorySummary(gatewayLatency: .init(bucketSeconds: 1_800, endsAt: PageFixtures.snapshotAt, points: []), targets: [])
        summary.speed = history
        return WidgetSet(snapshot, history: summary)
    }

    static func page(_ widgets: WidgetSet, settings: PageSettings = PageSettings()) -> String {
        let page = PageRenderer(templates: PageFixtures.bundled, settings: settings).speedPage(widgets: widgets, now: PageFixtures.now)
        #expect(page.path == "speed.html")
        return String(decoding: page.bytes, as: UTF8.self)
    }

    @Test(arguments: ["wide", "narrow"])
    func theLastThirtyDaysAreALinePerDirectionBrokenWhereNothingWasMeasured(_ shape: String) throws {
        let charts = try ChartReader.charts(Self.page(Self.widgets()), shape: shape)
        try #require(charts.count == 2)
        let month = charts[0]
        #expect(month.label.hasPrefix("Last 30 days: download 79 Mb/s to 93 Mb/s, upload 16 Mb/s to 19 Mb/s"))
        for direction in ["download", "upload"] {
            #expect(month.segments[direction]?.map(\.count) == [4, 18], "\(direction)")
            #expect(month.dots[direction] == 1, "\(direction): the day alone is a dot")
        }
        let quarter = charts[1]
        #expect(quarter.segments["download"]?.map(\.count) == [60, 4, 18])
        #expect(quarter.scale == ["0 Mb/s", "50 Mb/s", "100 Mb/s"])
        // Zero sits on the plot's floor and the scale's top above the highest day.
        let highest = try #require(quarter.segments["download"]?.last?.last)
        #expect(highest.y > 14 && highest.y < 190)
        #expect(quarter.segments["download"]?.first?.first?.x == 64)
        #expect(quarter.segments["download"]?.last?.last?.x == (shape == "wide" ? 628 : 328))
    }

    @Test(arguments: [(94.2, 100.0), (18.7, 20), (0.8, 1), (250, 250), (251, 500), (1_000, 1_000), (0, 1)])
    func theScaleEndsAtARoundFigure(highest: Double, top: Double) {
        #expect(SpeedChartView.roundedUp(highest) == top)
    }

    @Test func theLatestResultAndEachMeasuredDayInTheHouseholdsLanguage() throws {
        let speed = SpeedResult(
            measuredAt: PageFixtures.snapshotAt.addingTimeInterval(-7_200), downloadMbps: 94.2, uploadMbps: 7.84, latencyMs: 12.5,
            jitterMs: 1.5, server: "Example Fiber", tool: "ookla")
        let german = try #require(Wording(locale: "de-DE"))
        var settings = PageSettings()
        settings.wording = german
        let page = Self.page(Self.widgets(speed: speed), settings: settings)
        #expect(page.contains("<html lang=\"de-DE\""))
        #expect(page.contains("Letztes Ergebnis"))
        #expect(page.contains("<dd>94 Mb/s</dd>") && page.contains("<dd>7,8 Mb/s</dd>") && page.contains("<dd>12,5 ms</dd>"))
        #expect(page.contains("Example Fiber"))
        #expect(page.contains("An 83 Tagen der letzten 90 gemessen"))
        let rows = page.components(separatedBy: "<tr><th scope=\"row\">").dropFirst()
        #expect(rows.count == 83)
        #expect(rows.first?.hasPrefix("21. Nov.") == true, "newest first: \(rows.first ?? "")")
    }

    @Test func withoutAMeasurementThePageSaysHowToGetOne() {
        let page = Self.page(Self.widgets(history: nil))
        #expect(page.contains("Nothing has measured the line&#39;s speed yet"))
        #expect(!page.contains("<svg class=\"speed-plot"))
        #expect(!page.contains("<table>"))
    }

    @Test func aServersNameIsText() {
        let speed = SpeedResult(measuredAt: PageFixtures.snapshotAt, downloadMbps: 10, server: "<img src=x onerror=alert(1)>")
        let page = Self.page(Self.widgets(speed: speed, history: nil))
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }
}
