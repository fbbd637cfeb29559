import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import Testing

@testable import NetsnapTiles

/// Loss and jitter on the large tile and the displays: a target checked with several
/// echoes shows them beside its latency, and one past a threshold has an amber dot and
/// amber figures, ranked right after the targets that are down.
@Suite struct TileLossJitterTests {
    private func canvas(_ snapshot: Snapshot, _ target: TileRequest.Target = .widget(.large, scale: 2)) -> TileCanvas {
        TileFixtures.renderer.draw(
            TileFixtures.widgets(snapshot), request: TileRequest(target: target, theme: .dark, timeZone: TileFixtures.utc),
            now: TileFixtures.freshNow)
    }

    private func png(_ snapshot: Snapshot, _ target: TileRequest.Target) throws -> [UInt8] {
        try TileFixtures.renderer.png(
            for: TileFixtures.widgets(snapshot), request: TileRequest(target: target, theme: .dark, timeZone: TileFixtures.utc),
            now: TileFixtures.freshNow)
    }

    /// NAS (2 ms) loses a fifth of its echoes: degraded, so the network is too.
    private func lossy() -> Snapshot {
        var snapshot = TileFixtures.snapshot()
        snapshot.targets[0].lossPercent = 20
        snapshot.targets[0].jitterMs = 16.1
        return snapshot
    }

    @Test func aDegradedTargetLeadsWithAnAmberDot() throws {
        let canvas = canvas(lossy())
        let rect = try #require(canvas.landmarks["targetDot0"])
        let color = canvas.pixmap.pixel(x: Int(rect.center.x), y: Int(rect.center.y))
        let amber = Color(hex: 0xF59E0B)
        #expect(abs(Int(color.red) - Int(amber.red)) <= 3 && abs(Int(color.green) - Int(amber.green)) <= 3, "\(color)")
    }

    @Test(arguments: [TileRequest.Target.widget(.large, scale: 2), .display(.trmnl), .display(.kindle)])
    func theFiguresShowBesideTheLatency(target: TileRequest.Target) throws {
        var measuredButFine = TileFixtures.snapshot()
        measuredButFine.targets[0].lossPercent = 0
        #expect(try png(measuredButFine, target) != png(TileFixtures.snapshot(), target))
        #expect(try png(lossy(), target) != png(measuredButFine, target))
    }

    @Test func theLatencyAndFiguresShortenWholeFromTheEnd() {
        let widgets = TileFixtures.widgets(lossy())
        let content = TileContent(widgets: widgets, now: TileFixtures.freshNow, timeZone: TileFixtures.utc)
        var row = widgets.large.topTargets[0]
        #expect(
            content.latencyAndQuality(row) == ["2.0 ms · 20 % loss · 16.1 ms jitter", "2.0 ms · 20 % loss", "20 % loss"])
        row.lossPercent = nil
        #expect(content.latencyAndQuality(row) == ["2.0 ms · 16.1 ms jitter", "16.1 ms jitter"])
        row.jitterMs = nil
        #expect(content.latencyAndQuality(row).isEmpty)
    }

    /// Arabic joins the figures with its comma: a middle dot beside Arabic-Indic digits reads
    /// as their zero.
    @Test func arabicJoinsTheFiguresWithItsComma() throws {
        let widgets = TileFixtures.widgets(lossy())
        let arabic = try #require(Wording(locale: "ar-EG"))
        let content = TileContent(widgets: widgets, now: TileFixtures.freshNow, timeZone: TileFixtures.utc, wording: arabic)
        let forms = content.latencyAndQuality(widgets.large.topTargets[0])
        #expect(forms.count == 3 && forms.allSatisfy { !$0.contains("\u{00B7}") }, "\(forms)")
        #expect(forms.first?.components(separatedBy: "\u{060C} ").count == 3, "\(forms)")
    }

    @Test func theMediumTileKeepsToLatencies() throws {
        var measuredButFine = TileFixtures.snapshot()
        measuredButFine.targets[0].lossPercent = 0
        #expect(try png(measuredButFine, .widget(.medium, scale: 2)) == png(TileFixtures.snapshot(), .widget(.medium, scale: 2)))
    }
}
