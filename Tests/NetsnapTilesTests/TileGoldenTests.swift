import NetsnapTiles
import Testing

/// One reference image per size and theme (at 1×, to keep the committed files small) and
/// per display profile.
@Suite struct TileGoldenTests {
    private static let requests: [TileRequest] =
        TileTheme.allCases.flatMap { theme in
            TileSize.allCases.map { TileRequest(target: .widget($0, scale: 1), theme: theme, timeZone: TileFixtures.utc) }
        }
        + [DisplayProfile.trmnl, .trmnlGray, .kindle].map { TileRequest(target: .display($0), theme: .light, timeZone: TileFixtures.utc) }

    /// One picture per layout class and panel kind: 1-bit and 2-bit paper, grey, LED colour
    /// and night, and a stale strip with its band.
    private static let classRequests: [(TileRequest, stale: Bool)] = [
        ("waveshare-2in9", TileTheme.light, false), ("waveshare-2in13", .light, false), ("waveshare-2in9", .light, true),
        ("waveshare-1in54", .light, false), ("waveshare-4in2", .light, false), ("inkplate-6", .light, false),
        ("trmnl", .dark, false), ("led-64x32", .dark, false), ("led-64x32", .dark, true), ("led-128x64", .night, false),
        ("1024x600", .dark, false),
    ].map { name, theme, stale in
        (TileRequest(target: .display(DisplayProfile(name: name)!), theme: theme, timeZone: TileFixtures.utc), stale)
    }

    @Test(arguments: classRequests)
    func layoutClassMatchesGolden(request: TileRequest, stale: Bool) throws {
        let png = try TileFixtures.renderer.png(
            for: TileFixtures.widgets(TileFixtures.snapshot(allOnline: false)), request: request,
            now: stale ? TileFixtures.staleNow : TileFixtures.freshNow)
        let name = request.fileName.replacingOccurrences(of: "tiles/", with: "").replacingOccurrences(of: ".png", with: "")
        try GoldenImage.check(png, named: "class-" + name + (stale ? "-stale" : ""))
    }

    @Test(arguments: requests)
    func matchesGolden(request: TileRequest) throws {
        let png = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        let name = request.fileName.replacingOccurrences(of: "tiles/", with: "").replacingOccurrences(of: ".png", with: "")
        try GoldenImage.check(png, named: name)
    }
}
