import NetsnapTiles
import Testing

/// One reference image per size and theme (at 1×, to keep the committed files small) and
/// per display profile.
@Suite struct TileGoldenTests {
    private static let requests: [TileRequest] =
        TileTheme.allCases.flatMap { theme in
            TileSize.allCases.map { TileRequest(target: .widget($0, scale: 1), theme: theme, timeZone: TileFixtures.utc) }
        } + [DisplayProfile.trmnl, .trmnlGray, .kindle].map { TileRequest(target: .display($0), theme: .light, timeZone: TileFixtures.utc) }

    @Test(arguments: requests)
    func matchesGolden(request: TileRequest) throws {
        let png = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        let name = request.fileName.replacingOccurrences(of: "tiles/", with: "").replacingOccurrences(of: ".png", with: "")
        try GoldenImage.check(png, named: name)
    }
}
