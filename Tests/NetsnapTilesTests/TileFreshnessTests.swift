import Foundation
import NetsnapModel
import NetsnapRaster
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// A tile's bytes follow its pixels, and its pixels follow what a person should see: the
/// data and, once it is stale, its age.
@Suite struct TileFreshnessTests {
    private static let requests: [TileRequest] =
        TileSize.allCases.map { TileRequest(target: .widget($0, scale: 2), theme: .dark, timeZone: TileFixtures.utc) }
        + [DisplayProfile.trmnl, .trmnlGray, .kindle].map {
            TileRequest(target: .display($0), theme: .light, timeZone: TileFixtures.utc)
        }

    /// The fixture snapshot taken `seconds` later, everything else the same.
    private func retaken(_ seconds: Double) -> Snapshot {
        var snapshot = TileFixtures.snapshot()
        snapshot.generatedAt += seconds
        snapshot.status.updatedAt += seconds
        for index in snapshot.targets.indices { snapshot.targets[index].lastChecked += seconds }
        return snapshot
    }

    @Test(arguments: requests)
    func snapshotsWithinTheShownMinuteGiveTheSameBytes(request: TileRequest) throws {
        // 10:42:07 and 10:42:51: "Updated 10:42" both times.
        let first = try TileFixtures.renderer.png(
            for: WidgetSet(retaken(0)), request: request, now: TileFixtures.snapshotAt.addingTimeInterval(5))
        let second = try TileFixtures.renderer.png(
            for: WidgetSet(retaken(44)), request: request, now: TileFixtures.snapshotAt.addingTimeInterval(200))
        #expect(first == second)
    }

    @Test(arguments: requests)
    func freshDataRenderedLaterGivesTheSameBytes(request: TileRequest) throws {
        let widgets = TileFixtures.widgets()
        let early = try TileFixtures.renderer.png(for: widgets, request: request, now: TileFixtures.snapshotAt)
        let late = try TileFixtures.renderer.png(for: widgets, request: request, now: widgets.expiresAt)
        #expect(early == late)
    }

    @Test func aNewMinuteOrStaleDataChangesTheBytes() throws {
        let request = TileRequest(target: .widget(.small, scale: 2), theme: .dark, timeZone: TileFixtures.utc)
        let base = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        let nextMinute = try TileFixtures.renderer.png(
            for: WidgetSet(retaken(60)), request: request, now: TileFixtures.freshNow.addingTimeInterval(60))
        let stale = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.staleNow)
        #expect(base != nextMinute)
        #expect(base != stale)
    }

    @Test func theFooterTellsTheAge() {
        let widgets = TileFixtures.widgets()
        func footer(after seconds: Double, zone: TimeZone = TileFixtures.utc) -> String {
            TileContent(widgets: widgets, now: TileFixtures.snapshotAt.addingTimeInterval(seconds), timeZone: zone).footer
        }
        #expect(footer(after: 60) == "Updated 10:42")
        #expect(footer(after: 8 * 60 + 5) == "Stale \u{00B7} 8 min")
        #expect(footer(after: 3 * 3_600 + 1_200) == "Stale \u{00B7} 3 h")
        #expect(footer(after: 2 * 86_400 + 600) == "Stale \u{00B7} 2 days \u{2014} since 21 Nov 10:42")
        #expect(
            footer(after: 86_400, zone: TimeZone(identifier: "Europe/Zurich")!)
                == "Stale \u{00B7} 1 day \u{2014} since 21 Nov 11:42")
        #expect(footer(after: -300) == "Clock ahead \u{00B7} 5 min")
        #expect(footer(after: -60) == "Updated 10:42", "a minute of skew is normal")
    }

    /// Share of a canvas's pixels that are dark, and of those inside `rect`.
    private func darkShare(_ canvas: TileCanvas, in rect: Rect? = nil) -> Double {
        let area = rect ?? canvas.pixmap.bounds
        var dark = 0
        var total = 0
        for y in Int(area.y)..<Int(area.maxY) {
            for x in Int(area.x)..<Int(area.maxX) {
                total += 1
                if canvas.pixmap.pixel(x: x, y: y).red < 128 { dark += 1 }
            }
        }
        return Double(dark) / Double(max(1, total))
    }

    @Test(arguments: [DisplayProfile.trmnl, .trmnlGray, .kindle, .custom(width: 296, height: 128, format: .gray(bitDepth: 1))])
    func staleDataOnPaperIsABandAcrossThePicture(profile: DisplayProfile) throws {
        let request = TileRequest(target: .display(profile), theme: .light, timeZone: TileFixtures.utc)
        let widgets = TileFixtures.widgets()
        let fresh = TileFixtures.renderer.draw(widgets, request: request, now: TileFixtures.freshNow)
        let stale = TileFixtures.renderer.draw(widgets, request: request, now: TileFixtures.staleNow)
        #expect(fresh.landmarks["staleBand"] == nil, "fresh pictures stay calm")
        let band = try #require(stale.landmarks["staleBand"])
        let canvasArea = Double(stale.pixmap.width * stale.pixmap.height)
        #expect(band.width * band.height / canvasArea >= 0.15, "the band covers a real part of the picture")
        #expect(band.width == Double(stale.pixmap.width))
        #expect(darkShare(stale, in: band) > 0.7, "the band is inverted: mostly ink with paper-coloured words")
        #expect(darkShare(stale, in: band) < 0.995, "the band carries words")
        #expect(darkShare(stale) - darkShare(fresh) > 0.08, "several percent more of the picture is ink")
    }

    @Test func colourTilesHaveNoBand() {
        let request = TileRequest(target: .widget(.medium, scale: 2), theme: .dark, timeZone: TileFixtures.utc)
        let stale = TileFixtures.renderer.draw(TileFixtures.widgets(), request: request, now: TileFixtures.staleNow)
        #expect(stale.landmarks["staleBand"] == nil)
    }
}
