import Foundation
import NetsnapModel
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// A kept tile's query is read once per spelling: the memo gives the delivery the parse
/// gave, keeps none the night hours could change, and never grows past its capacity.
@Suite struct DeliveryMemoTests {
    private static func kept(night: ClockWindow? = nil) throws -> KeptTiles {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder.directory) }
        let service = TileService(source: fixture.widgets, provider: fixture.tiles, now: fixture.clock.reading, maxAgeSeconds: 30)
        var query = TileQuery(timeZone: fixture.arguments.timeZone, displayTheme: .light, dithering: .ordered)
        query.night = night
        return KeptTiles(service: service, query: query, now: fixture.clock.reading)
    }

    @Test func aSpellingReadOnceIsRememberedAsParsed() throws {
        let tiles = try Self.kept()
        let parsed = try #require(tiles.delivery(path: "/tiles/medium.png", rawQuery: "scale=2&theme=l%69ght"))
        #expect(tiles.memo.count == 1)
        #expect(tiles.delivery(path: "/tiles/medium.png", rawQuery: "scale=2&theme=l%69ght") == parsed)
        #expect(tiles.delivery(path: "/tiles/medium.png", rawQuery: "theme=light&scale=2") == parsed, "another spelling, the same tile")
        #expect(tiles.memo.count == 2)
        #expect(tiles.delivery(path: "/tiles/medium.png", rawQuery: "scale=9") == nil, "a refusal is the router's")
        #expect(tiles.memo.count == 2)
    }

    @Test func withNightHoursOnlyATileWithItsThemeIsRemembered() throws {
        let tiles = try Self.kept(night: ClockWindow(from: 22 * 60, until: 7 * 60))
        #expect(tiles.delivery(path: "/tiles/medium.png", rawQuery: "scale=2") != nil)
        #expect(tiles.memo.count == 0, "the hour decides its theme")
        #expect(tiles.delivery(path: "/tiles/medium.png", rawQuery: "scale=2&theme=dark") != nil)
        #expect(tiles.memo.count == 1)
    }

    @Test func endlessSpellingsCostParsingNotMemory() throws {
        let tiles = try Self.kept()
        for stamp in 0..<(DeliveryMemo.capacity * 3) {
            _ = tiles.delivery(path: "/tiles/medium.png", rawQuery: "scale=2&theme=light&t=\(stamp)")
            #expect(tiles.memo.count <= DeliveryMemo.capacity)
        }
    }
}
