import Foundation
import NetsnapModel
import NetsnapTiles
import NetsnapWidgets
import Testing

/// The line's measured speed on the tiles that have room for it: the medium status card
/// (in place of the public IP), the large one (in place of the gateway's address), the
/// TRMNL overview and the Kindle's status card. Without a measurement every tile is what
/// it was (the other goldens).
@Suite struct TileSpeedTests {
    private static let requests: [TileRequest] =
        [TileSize.medium, .large].map { TileRequest(target: .widget($0, scale: 1), theme: .light, timeZone: TileFixtures.utc) }
        + [DisplayProfile.trmnl, .kindle].map { TileRequest(target: .display($0), theme: .light, timeZone: TileFixtures.utc) }

    static func measured(history: HistorySummary? = nil) -> WidgetSet {
        var snapshot = TileFixtures.snapshot()
        snapshot.speed = TileFixtures.speed
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

    /// With history too, the speed keeps the large tile's status card at its height.
    @Test func theLargeTileWithHistoryKeepsItsCards() throws {
        let widgets = Self.measured(history: TileFixtures.history())
        let request = TileRequest(target: .widget(.large, scale: 1), theme: .dark, timeZone: TileFixtures.utc)
        let png = try TileFixtures.renderer.png(for: widgets, request: request, now: TileFixtures.freshNow)
        try GoldenImage.check(png, named: "large@1x-dark-history-speed")
    }
}
