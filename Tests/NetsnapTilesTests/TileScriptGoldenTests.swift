import NetsnapTiles
import Testing

/// A network named in Arabic with Hebrew, Arabic and emoji target names: joined letters,
/// right-to-left runs beside Latin and digits, emoji in colour, as outlines at night and on
/// 1-bit e-ink.
@Suite struct TileScriptGoldenTests {
    private static let requests: [TileRequest] =
        TileTheme.allCases.map { TileRequest(target: .widget(.large, scale: 1), theme: $0, timeZone: TileFixtures.utc) }
        + [TileRequest(target: .display(.trmnl), theme: .light, timeZone: TileFixtures.utc)]

    @Test(arguments: requests)
    func matchesGolden(request: TileRequest) throws {
        let snapshot = TileFixtures.snapshot(
            ssid: "بيت Ahmed 5G", targetNames: ["הבית שלי 2.4", "خادم المنزل", "Café ☕ 📶", "מדפסת", "NAS"])
        let png = try TileFixtures.renderer.png(for: TileFixtures.widgets(snapshot), request: request, now: TileFixtures.freshNow)
        let name = request.fileName.replacingOccurrences(of: "tiles/", with: "scripts-").replacingOccurrences(of: ".png", with: "")
        try GoldenImage.check(png, named: name)
    }
}
