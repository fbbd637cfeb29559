import Foundation
import NetsnapLanguage
import Testing

@testable import NetsnapTiles

/// The wall of sites as tiles: "3/4 OK" and the worst site on an LED matrix, a list elsewhere.
@Suite struct WallTileTests {
    static let wall = WallTile(
        sites: [
            .init(name: "Cabin", state: "lost", tone: .bad, ageSeconds: 300),
            .init(name: "Home", state: "online", tone: .good, ageSeconds: 3),
            .init(name: "Office", state: "online", tone: .good, ageSeconds: 4),
            .init(name: "Shop", state: "online", tone: .good, ageSeconds: 2),
        ], healthy: 3)

    func draw(_ wall: WallTile, _ profile: String, theme: TileTheme = .dark) throws -> TileCanvas {
        let request = TileRequest(target: .display(try #require(DisplayProfile(name: profile))), theme: theme, timeZone: TileFixtures.utc)
        return TileFixtures.renderer.draw(wall, request: request)
    }

    @Test func ledMatrixSaysHowManyAreOKAndNamesTheWorst() throws {
        let tile = try draw(Self.wall, "led-64x32")
        let fonts = MicroTile.fontNames(height: 32)
        let status = try #require(TileFixtures.renderer.pixelFonts.font(fonts.status))
        let name = try #require(TileFixtures.renderer.pixelFonts.font(fonts.name))
        #expect(Int(try #require(tile.landmarks["wallLine0"]).width) == status.width(of: "3/4 OK"))
        #expect(Int(try #require(tile.landmarks["wallLine1"]).width) == name.width(of: "Cabin"))
        #expect(tile.truncatedTexts.isEmpty)
        // The headline is in the worst site's colour: red for a lost one.
        let line = try #require(tile.landmarks["wallLine0"])
        var reds = 0
        for y in Int(line.y)..<Int(line.maxY) {
            for x in Int(line.x)..<Int(line.maxX) where tile.pixmap.pixel(x: x, y: y) == TilePalette.make(.dark, paper: false).error {
                reds += 1
            }
        }
        #expect(reds > 10)
    }

    @Test func ledMatrixOfAHealthyWallSaysSo() throws {
        let healthy = WallTile(sites: Array(Self.wall.sites.dropFirst()), healthy: 3)
        #expect(healthy.microLines(palette: TilePalette.make(.dark, paper: false), wording: .posix).map(\.text) == ["3/3 OK", "all sites"])
        let tile = try draw(healthy, "led-64x32")
        #expect(tile.landmarks["wallLine0"] != nil && tile.landmarks["wallLine1"] != nil)
    }

    @Test func trmnlListsTheSitesInOneCard() throws {
        let tile = try draw(Self.wall, "trmnl", theme: .light)
        let card = try #require(tile.landmarks["wallCard"])
        #expect(card.width > 700 && card.height > 400)
        #expect(tile.landmarks["wallDot"] != nil)
        #expect(tile.truncatedTexts.isEmpty, "\(tile.truncatedTexts)")
        let png = try TileFixtures.renderer.png(
            for: Self.wall, request: TileRequest(target: .display(.trmnl), theme: .light, timeZone: TileFixtures.utc))
        #expect(png.count > 1_000)
    }

    @Test func aLongWallShowsWhatFitsAndNothingOverflows() throws {
        let sites = (0..<200).map { WallTile.Site(name: "Site \($0)", state: "online", tone: .good, ageSeconds: Double($0)) }
        let tile = try draw(WallTile(sites: sites, healthy: 200), "trmnl", theme: .light)
        let card = try #require(tile.landmarks["wallCard"])
        #expect(card.maxY <= 480)
        #expect(tile.truncatedTexts.isEmpty, "\(tile.truncatedTexts)")
        let shown = WallTile(sites: sites, healthy: 200).node(palette: TilePalette.make(.light, paper: true), height: 280, wording: .posix)
        let column = try #require((shown as? CardNode)?.content as? StackNode)
        let last = try #require(column.children.last as? TextNode)
        #expect(last.text == "+ \(200 - (column.children.count - 3)) more", "the rows shown and the count of the rest add up")
    }

    @Test func tonesFollowTheSitesState() {
        #expect(
            ["online", "degraded", "stale", "offline", "lost", "invalid", "bogus"].map(WallTile.Tone.init(state:)) == [
                .good, .warning, .unknown, .bad, .bad, .bad, .bad,
            ])
    }
}
