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
