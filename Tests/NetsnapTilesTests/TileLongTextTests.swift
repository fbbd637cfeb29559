import Foundation
import NetsnapModel
import NetsnapPNG
import NetsnapTiles
import Testing

/// The decoder refuses over-long text, but the tile renderer must not depend on it: a
/// snapshot built in code (the gatherer's, a test's) reaches it directly.
@Suite struct TileLongTextTests {
    @Test(arguments: [TileSize.small, .medium, .large])
    func anOverLongNameStillRenders(size: TileSize) throws {
        let name = String(repeating: "Very long network name ", count: 100_000 / 23)
        let snapshot = TileFixtures.snapshot(ssid: name, targetNames: [name, "a" + String(repeating: "\u{301}", count: 100_000)])
        let request = TileRequest(target: .widget(size, scale: 2), theme: .dark, timeZone: TileFixtures.utc)
        let png = try TileFixtures.renderer.png(for: TileFixtures.widgets(snapshot), request: request, now: TileFixtures.freshNow)
        let decoded = try PNGDecoder().decode(png)
        #expect(decoded.layout.width == Int(size.width) * 2)
        // The same tile as for names cut shorter but still too long to show: nothing past the cut counts.
        let cut = String(name.prefix(300))
        let short = TileFixtures.snapshot(ssid: cut, targetNames: [cut, "a" + String(repeating: "\u{301}", count: 5_000)])
        let shortPNG = try TileFixtures.renderer.png(for: TileFixtures.widgets(short), request: request, now: TileFixtures.freshNow)
        #expect(png == shortPNG)
    }
}
