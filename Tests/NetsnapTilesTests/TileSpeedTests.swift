import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// The line's measured speed on the tiles that have room for it: the medium status card
/// (in place of the public IP), the large one (in place of the gateway's address), the
/// TRMNL overview and the Kindle's status card. Without a measurement every tile is what
/// it was (the other goldens).
@Suite struct TileSpeedTests {
    private static let panels: [TileRequest] =
        [DisplayProfile.trmnl, .kindle].map { TileRequest(target: .display($0), theme: .light, timeZone: TileFixtures.utc) }
    private static let requests: [TileRequest] =
        [TileSize.medium, .large].map { TileRequest(target: .widget($0, scale: 1), theme: .light, timeZone: TileFixtures.utc) }
        + panels

    static func measured(history: HistorySummary? = nil) -> WidgetSet {
        var snapshot = TileFixtures.snapshot()
        snapshot.speed = SpeedResult(
            measuredAt: TileFixtures.snapshotAt.addingTimeInterval(-3 * 3_600), downloadMbps: 94.2, uploadMbps: 18.7,
            latencyMs: 12.5, jitterMs: 1.5, server: "Example Fiber", tool: "ookla")
        return TileFixtures.widgets(snapshot, history: history)
    }

    @Test(arguments: requests)
    func theSpeedIsDrawn(request: TileRequest) throws {
        let png = try TileFixtures.renderer.png(for: Self.measured(), request: request, now: TileFixtures.freshNow)
        let plain = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        #expect(png != plain)
        let name = request.fileName.replacingOccurrences(of: "tiles/", with: "").replacingOccurrences(of: ".png", with: "")
        try GoldenImage.check(png, named: name + "-speed")
    }

    /// The figure is the row's point: in every shipped language, on every tile that shows it
    /// and at every scale, one of its forms fits whole (at least the download). German's
    /// "Geschwindigkeit" left "↓ 94…" on the medium tile; its label is now "Tempo".
    @Test(arguments: TileLanguageFitTests.languages.filter { $0 != "en-XA" })
    func theFigureIsNeverCut(language: String) throws {
        let wording = try #require(Wording(locale: language))
        let widgets = Self.measured()
        let forms = Set(SpeedText.forms(try #require(widgets.speed), wording))
        let widgetRequests = [TileSize.medium, .large].flatMap { size in
            [1, 2, 3].map { TileRequest(target: .widget(size, scale: $0), theme: .light, timeZone: TileFixtures.utc) }
        }
        for var request in widgetRequests + Self.panels {
            request.wording = wording
            let canvas = TileFixtures.renderer.draw(widgets, request: request, now: TileFixtures.freshNow)
            #expect(forms.isDisjoint(with: canvas.truncatedTexts), "\(language) \(request.fileName): \(canvas.truncatedTexts)")
        }
    }

    /// With history too, the speed keeps the large tile's status card at its height.
    @Test func theLargeTileWithHistoryKeepsItsCards() throws {
        let widgets = Self.measured(history: TileFixtures.history())
        let request = TileRequest(target: .widget(.large, scale: 1), theme: .dark, timeZone: TileFixtures.utc)
        let png = try TileFixtures.renderer.png(for: widgets, request: request, now: TileFixtures.freshNow)
        try GoldenImage.check(png, named: "large@1x-dark-history-speed")
    }
}
