import Foundation
import NetsnapModel
import NetsnapRaster
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// The 30-day strip of the target with the lowest uptime: chosen from the uptime report,
/// drawn on the large tile in colour and on the TRMNL tile in ink alone.
@Suite struct UptimeStripTests {
    /// Days 0–29: down on day 5, degraded on 12, maintenance on 20, no data on 25, else up.
    static let days: [UptimeReport.Worst] = (0..<30).map { day in
        switch day {
        case 5: .down
        case 12: .degraded
        case 20: .maintenance
        case 25: .nodata
        default: .up
        }
    }

    static func series(_ name: String, percent: Double?, days: [UptimeReport.Worst], kind: UptimeReport.Series.Kind = .target)
        -> UptimeReport.Series
    {
        let padded = Array(repeating: UptimeReport.Worst.up, count: 60) + days
        return UptimeReport.Series(
            kind: kind, targetID: kind == .target ? UUID() : nil, name: name,
            days: padded.enumerated().map { UptimeReport.Day(date: "day \($0.offset)", upPercent: 100, worst: $0.element, incidents: 0) },
            percent24h: nil, percent7d: nil, percent30d: percent, percent90d: nil)
    }

    @Test func theStripIsTheLastThirtyDaysOfTheTargetWithTheLowestUptime() throws {
        let allUp = Array(repeating: UptimeReport.Worst.up, count: 30)
        let report = UptimeReport(
            endsAt: TileFixtures.snapshotAt, timeZone: TileFixtures.utc,
            series: [
                Self.series("Gateway", percent: 90, days: allUp, kind: .gateway), Self.series("Router", percent: 99.9, days: allUp),
                Self.series("NAS", percent: 98.5, days: Self.days), Self.series("Printer", percent: nil, days: allUp),
                Self.series("Camera", percent: 98.5, days: allUp),
            ])
        let strip = try #require(UptimeStrip(worstTargetOf: report))
        #expect(strip.name == "NAS" && strip.percent == 98.5 && strip.days == Self.days)
        let unmeasured = UptimeReport(endsAt: .now, timeZone: TileFixtures.utc, series: [Self.series("NAS", percent: nil, days: allUp)])
        #expect(UptimeStrip(worstTargetOf: unmeasured) == nil)
    }

    static func widgets() -> WidgetSet {
        var history = TileFixtures.history()
        history.worstUptime = UptimeStrip(name: "NAS", days: days, percent: 98.53)
        return TileFixtures.widgets(history: history)
    }

    static func canvas(_ widgets: WidgetSet, _ target: TileRequest.Target) -> TileCanvas {
        TileFixtures.renderer.draw(
            widgets, request: TileRequest(target: target, theme: .light, timeZone: TileFixtures.utc), now: TileFixtures.freshNow)
    }

    /// The pixel rows of day `index` inside the strip, at the centre of its mark.
    static func column(_ canvas: TileCanvas, _ strip: Rect, day index: Int) -> [Color] {
        let gap = max(1, canvas.scale.rounded())
        let pitch = (strip.width + gap) / 30
        let x = Int(strip.x + (Double(index) + 0.5) * pitch - gap / 2)
        return (Int(strip.y)..<Int(strip.maxY)).map { canvas.pixmap.pixel(x: x, y: $0) }
    }

    @Test func theLargeTileColoursEachDayInItsStatusCard() throws {
        let tile = Self.canvas(Self.widgets(), .widget(.large, scale: 2))
        let strip = try #require(tile.landmarks["uptimeStrip"])
        #expect(try #require(tile.landmarks["statusCard"]).contains(strip))
        #expect(tile.omittedNodes == 0)
        func middle(_ day: Int) -> Color { Self.column(tile, strip, day: day)[Int(strip.height / 2)] }
        let red = middle(5)
        let green = middle(0)
        #expect(red.red > 200 && red.green < 80, "down is red: \(red)")
        #expect(green.green > 120 && green.red < 40, "up is green: \(green)")
        #expect(middle(12).red > 200 && middle(12).green > 100, "degraded is amber")
        #expect((0..<30).filter { middle($0) == green }.count == 26)
    }

    @Test func onTheTRMNLTheWorseTheDayTheTallerItsInk() throws {
        let tile = Self.canvas(Self.widgets(), .display(.trmnl))
        let strip = try #require(tile.landmarks["uptimeStrip"])
        #expect(try #require(tile.landmarks["uptimeCard"]).contains(strip))
        #expect(tile.omittedNodes == 0)
        func inked(_ day: Int) -> Double {
            let pixels = Self.column(tile, strip, day: day)
            return Double(pixels.filter { $0.red < 128 }.count) / Double(pixels.count)
        }
        #expect(inked(5) == 1, "down: a full black bar")
        #expect(abs(inked(12) - 0.5) < 0.1, "degraded: half")
        #expect(inked(0) > 0 && inked(0) < 0.3, "up: a low stub")
        #expect(inked(25) == 0, "no data: nothing")
        let maintenance = Self.column(tile, strip, day: 20)
        let top = try #require(maintenance.first)
        let centre = maintenance[maintenance.count / 2]
        #expect(top.red < 128 && centre.red > 128, "maintenance: an outline")
    }

    @Test(arguments: [TileRequest.Target.widget(.large, scale: 2), .display(.trmnl)])
    func withoutAnUptimeReportTheTileIsAsBefore(target: TileRequest.Target) {
        let plain = Self.canvas(TileFixtures.widgets(history: TileFixtures.history()), target)
        #expect(plain.landmarks["uptimeStrip"] == nil)
        #expect(Self.canvas(Self.widgets(), target).pixmap != plain.pixmap)
    }
}
