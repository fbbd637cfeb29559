import Foundation
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapPages

@Suite struct SparklineTests {
    static func series(_ points: [Double?]) -> HistorySummary.LatencySeries {
        HistorySummary.LatencySeries(bucketSeconds: 1800, endsAt: PageFixtures.now, points: points)
    }

    @Test func gapsBreakTheLineAndExtremesStayInTheBox() throws {
        let line = try #require(SparklineView(Self.series([4, 8, nil, 2, 6, nil, nil, 5]), title: "Gateway latency"))
        #expect(line.segments.map(\.points) == ["0,15.3 14.3,2", "42.9,22 57.1,8.7"], "a lone point after a gap is no segment")
        #expect(line.caption == "Last 4 h: 2.0 ms – 8.0 ms")
    }

    /// The series the browser test publishes to a live dashboard: netsnap.js must draw these
    /// very strings, so the two implementations are held to the same answer.
    @Test func theScriptsReferenceSeriesGivesTheSameLine() throws {
        let first = try #require(SparklineView(Self.series([4, 5.5, nil, 12.25, 3, nil, nil, 8, 9]), title: "Gateway latency"))
        #expect(first.segments.map(\.points) == ["0,19.8 12.5,16.6", "37.5,2 50,22", "87.5,11.2 100,9"])
        let second = try #require(SparklineView(Self.series([20, 18, 30, 25]), title: "Gateway latency"))
        #expect(second.segments.map(\.points) == ["0,18.7 33.3,22 66.7,2 100,10.3"])
    }

    @Test func tooLittleHistoryDrawsNothing() {
        #expect(SparklineView(Self.series([nil, 4, nil]), title: "x") == nil)
    }

    @Test func dashboardShowsTheTrendOnlyWithHistory() {
        var widgets = PageFixtures.widgets()
        #expect(!(PageFixtures.render(widgets)["index.html"] ?? "").contains("<polyline"))
        let points: [Double?] = (0..<48).map { $0 % 10 == 5 ? nil : 4 + Double($0 % 7) }
        widgets.history = HistorySummary(gatewayLatency: Self.series(points), targets: [])
        let page = PageFixtures.render(widgets)["index.html"] ?? ""
        #expect(page.components(separatedBy: "<polyline points=").count - 1 == 6, "five gaps, six runs")
        #expect(page.contains(#"role="img" aria-label="Gateway latency, last 24 hours: from 4.0 ms to 10.0 ms""#))
    }
}
