import Foundation
import NetsnapModel
import NetsnapRaster
import NetsnapTestSupport
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

@Suite struct SparklineNodeTests {
    private func canvas(_ widgets: WidgetSet, _ target: TileRequest.Target, theme: TileTheme = .dark) -> TileCanvas {
        TileFixtures.renderer.draw(
            widgets, request: TileRequest(target: target, theme: theme, timeZone: TileFixtures.utc), now: TileFixtures.freshNow)
    }

    private func drawAlone(_ points: [Double?], width: Int, height: Int) -> Pixmap {
        let canvas = TileCanvas(
            width: width, height: height, fonts: TileFixtures.renderer.fonts, palette: .make(.dark, paper: true), scale: 1,
            monochrome: false)
        SparklineNode(points: points, lineColor: .black, areaColor: nil, lineWidth: 1, height: Double(height))
            .draw(in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), canvas: canvas)
        return canvas.pixmap
    }

    @Test func gapsBreakTheLineAndALonePointIsADot() {
        // Points two pixels apart on a 0–4 scale: a rise, a gap, a lone point, a gap, a fall.
        #expect(
            AsciiArt.render(drawAlone([0, 2, 4, nil, 2, nil, 4, 2, 0], width: 17, height: 5)) == """
                ...+#.......#+...
                ..+#+...+...+#+..
                .+#+...+#+...+#+.
                +#+.....+.....+#+
                #+.............+#
                """)
    }

    @Test func runsSplitAtMissingPoints() {
        let runs = SparklineNode.runs([nil, 1, 2, nil, nil, 3, nil, 4, 5])
        #expect(runs.map { $0.map(\.index) } == [[1, 2], [5], [7, 8]])
    }

    @Test(arguments: [TileTheme.dark, .light, .night])
    func largeTileDrawsTheSparklineOnlyWithHistory(theme: TileTheme) throws {
        let with = canvas(TileFixtures.widgets(history: TileFixtures.history()), .widget(.large, scale: 2), theme: theme)
        let without = canvas(TileFixtures.widgets(), .widget(.large, scale: 2), theme: theme)
        #expect(without.landmarks["sparkline"] == nil)
        let plot = try #require(with.landmarks["sparkline"])
        let status = try #require(with.landmarks["statusCard"])
        #expect(status.contains(plot))
        // Line pixels: those that differ from the background beside the plot in their row.
        var ink = 0
        for y in Int(plot.y)..<Int(plot.maxY) {
            let background = with.pixmap.pixel(x: Int(plot.x) - 3, y: y)
            for x in Int(plot.x)..<Int(plot.maxX) where with.pixmap.pixel(x: x, y: y) != background { ink += 1 }
        }
        #expect(ink > Int(plot.width) * 2)
        #expect(with.omittedNodes == 0)
    }

    @Test func theGapInTheLargeTileIsEmpty() throws {
        let tile = canvas(TileFixtures.widgets(history: TileFixtures.history()), .widget(.large, scale: 2))
        let plot = try #require(tile.landmarks["sparkline"])
        // The fixture measured nothing in buckets 14–19: the column of bucket 17 shows only
        // the card, while the column of bucket 8 carries the line.
        let inner = plot.insetBy(dx: 1.5, dy: 1.5)
        func column(_ index: Int) -> Int { Int(inner.x + Double(index) * inner.width / 47) }
        func inked(_ x: Int) -> Int {
            (Int(plot.y)..<Int(plot.maxY)).filter { y in tile.pixmap.pixel(x: x, y: y) != tile.pixmap.pixel(x: Int(plot.x) - 3, y: y) }
                .count
        }
        #expect(inked(column(17)) == 0)
        #expect(inked(column(16)) == 0)
        #expect(inked(column(8)) > 0)
    }

    @Test(arguments: [
        TileRequest.Target.widget(.large, scale: 1), .widget(.large, scale: 3), .display(.trmnl), .display(.trmnlGray), .display(.kindle),
    ])
    func historyFitsEveryCanvasThatShowsIt(target: TileRequest.Target) throws {
        let tile = canvas(TileFixtures.widgets(history: TileFixtures.history()), target, theme: .light)
        let plot = try #require(tile.landmarks["sparkline"])
        #expect(try #require(tile.landmarks["statusCard"]).contains(plot))
        #expect(tile.omittedNodes == 0)
    }

    @Test(arguments: TileSize.allCases.map { TileRequest.Target.widget($0, scale: 2) } + [.display(.trmnl), .display(.kindle)])
    func historyWithoutADrawableGatewayLineChangesNothing(target: TileRequest.Target) {
        let single = TileFixtures.history(gateway: [nil, 4, nil] + Array(repeating: nil, count: 45))
        let plain = canvas(TileFixtures.widgets(), target)
        #expect(canvas(TileFixtures.widgets(history: single), target).pixmap == plain.pixmap)
        if case .widget(.large, _) = target { return }
        // Only the large tile and the displays draw history; the others ignore it.
        if case .widget = target {
            #expect(canvas(TileFixtures.widgets(history: TileFixtures.history()), target).pixmap == plain.pixmap)
        }
    }

    @Test func labelsAndUptimes() {
        let content = TileContent(
            widgets: TileFixtures.widgets(history: TileFixtures.history()), now: TileFixtures.freshNow, timeZone: TileFixtures.utc)
        #expect(content.gatewayRange == "2.0\u{2013}30 ms")
        #expect(content.uptime(ofTarget: SnapshotFixtures.uuid(0)) == "100%", "NAS")
        #expect(content.uptime(ofTarget: SnapshotFixtures.uuid(1)) == "98.7%", "Router admin")
        #expect(content.uptime(ofTarget: SnapshotFixtures.uuid(99)) == "\u{2014}", "a target without history")
        #expect(content.percent(99.96) == "99.9%")
        #expect(content.latencyRange(4.2, 4.2) == "4.2 ms")
        #expect(content.latencyRange(2.94, 48.3) == "2.9\u{2013}48 ms")
    }

    @Test func goldenLargeDarkWithHistory() throws {
        let request = TileRequest(target: .widget(.large, scale: 1), theme: .dark, timeZone: TileFixtures.utc)
        let png = try TileFixtures.renderer.png(
            for: TileFixtures.widgets(history: TileFixtures.history()), request: request, now: TileFixtures.freshNow)
        try GoldenImage.check(png, named: "large@1x-dark-history")
    }
}
