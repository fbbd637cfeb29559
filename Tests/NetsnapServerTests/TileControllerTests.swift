import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapModel
import NetsnapRaster
import NetsnapTiles
import Testing

@testable import NetsnapServer

private let zurich = TimeZone(identifier: "Europe/Zurich")!

@Suite struct TileControllerTests {
    @Test func drawsTheDefaultMediumTile() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let response = try await client.execute(uri: "/tiles/medium.png", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.headers[.cacheControl] == "max-age=30")
            #expect(Array(response.body.readableBytesView.prefix(8)) == TinyPNG.signature)
        }
        #expect(fixture.tiles.drawn == [TileRequest(target: .widget(.medium, scale: 2), theme: .dark, timeZone: zurich)])
    }

    @Test(arguments: [
        ("/tiles/small.png?scale=1&theme=light", TileRequest(target: .widget(.small, scale: 1), theme: .light, timeZone: zurich)),
        ("/tiles/medium.png?scale=3", TileRequest(target: .widget(.medium, scale: 3), theme: .dark, timeZone: zurich)),
        ("/tiles/large.png?theme=night&t=1700000000", TileRequest(target: .widget(.large, scale: 2), theme: .night, timeZone: zurich)),
        ("/tiles/trmnl.png", TileRequest(target: .display(.trmnl), theme: .light, timeZone: zurich)),
        ("/tiles/trmnl-gray.png", TileRequest(target: .display(.trmnlGray), theme: .light, timeZone: zurich)),
        ("/tiles/kindle.png?theme=dark", TileRequest(target: .display(.kindle), theme: .dark, timeZone: zurich)),
        ("/tiles/800x480.png", TileRequest(target: .display(.custom(width: 800, height: 480, format: .rgb)), theme: .light, timeZone: zurich)),
        ("/tiles/1024x600.png?format=gray4&theme=dark",
            TileRequest(target: .display(.custom(width: 1024, height: 600, format: .gray(bitDepth: 4))), theme: .dark, timeZone: zurich)),
        ("/tiles/16x4096.png?format=rgba", TileRequest(target: .display(.custom(width: 16, height: 4096, format: .rgba)), theme: .light, timeZone: zurich)),
    ])
    func queryChoosesScaleAndTheme(uri: String, expected: TileRequest) async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            #expect(try await client.execute(uri: uri, method: .get).status == .ok)
        }
        #expect(fixture.tiles.drawn == [expected])
    }

    /// Inside the night hours (told in the configured zone by the server's clock) a colour
    /// tile asked for without a theme is drawn at night; one asked for by theme, and paper,
    /// stay as asked.
    @Test func theNightHoursChooseTheThemeNobodyAskedFor() async throws {
        var fixture = try ServerFixture()
        let minute = ClockWindow.minuteOfDay(fixture.clock.now, timeZone: zurich)
        fixture.arguments.night = ClockWindow(from: (minute + 1_410) % 1_440, until: (minute + 30) % 1_440)
        try await fixture.withRouter { client async throws in
            for uri in ["/tiles/small.png", "/tiles/medium.png?theme=light", "/tiles/trmnl.png", "/tiles/800x480.png"] {
                #expect(try await client.execute(uri: uri, method: .get).status == .ok)
            }
        }
        #expect(
            fixture.tiles.drawn == [
                TileRequest(target: .widget(.small, scale: 2), theme: .night, timeZone: zurich),
                TileRequest(target: .widget(.medium, scale: 2), theme: .light, timeZone: zurich),
                TileRequest(target: .display(.trmnl), theme: .light, timeZone: zurich),
                TileRequest(target: .display(.custom(width: 800, height: 480, format: .rgb)), theme: .night, timeZone: zurich),
            ])
        var outside = try ServerFixture()
        outside.arguments.night = ClockWindow(from: (minute + 60) % 1_440, until: (minute + 120) % 1_440)
        try await outside.withRouter { client async throws in
            #expect(try await client.execute(uri: "/tiles/small.png", method: .get).status == .ok)
        }
        #expect(outside.tiles.drawn == [TileRequest(target: .widget(.small, scale: 2), theme: .dark, timeZone: zurich)])
    }

    /// The configured public address rides on every drawn request; the renderer decides
    /// which canvases have room for its QR code.
    @Test func drawnTilesCarryThePublicAddress() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.qrURL = "https://netsnap.example/"
        try await fixture.withRouter { client async throws in
            #expect(try await client.execute(uri: "/tiles/trmnl.png", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/tiles/large.png", method: .get).status == .ok)
        }
        #expect(
            fixture.tiles.drawn == [
                TileRequest(target: .display(.trmnl), theme: .light, timeZone: zurich, qrURL: "https://netsnap.example/"),
                TileRequest(target: .widget(.large, scale: 2), theme: .dark, timeZone: zurich, qrURL: "https://netsnap.example/"),
            ])
    }

    @Test(arguments: [
        "/tiles/medium.png?scale=0", "/tiles/medium.png?scale=4", "/tiles/medium.png?scale=2.0",
        "/tiles/medium.png?scale=02", "/tiles/medium.png?scale=two", "/tiles/medium.png?scale=",
        "/tiles/medium.png?theme=blue", "/tiles/medium.png?theme=Dark", "/tiles/medium.png?theme=",
        "/tiles/medium.png?scale=2&scale=3", "/tiles/medium.png?theme=dark&theme=light",
        "/tiles/trmnl.png?scale=2", "/tiles/kindle.png?theme=sepia",
        "/tiles/8x480.png", "/tiles/5000x480.png", "/tiles/800x99999.png", "/tiles/800x480.png?format=cmyk",
        "/tiles/800x480.png?scale=2", "/tiles/800x480.png?format=rgb&format=rgba", "/tiles/medium.png?format=gray4",
        "/tiles/trmnl.png?format=rgb",
    ])
    func badQueryValuesAreRefused(uri: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .badRequest, "\(uri)")
            #expect(String(buffer: response.body).hasPrefix("bad request: "))
        }
        #expect(fixture.tiles.drawn.isEmpty)
    }

    @Test(arguments: [
        "/tiles/huge.png", "/tiles/Medium.png", "/tiles/medium.gif", "/tiles/0800x480.png", "/tiles/800X480.png",
        "/tiles/800x480x2.png", "/tiles/x480.png", "/tiles/800x.png", "/tiles/-800x480.png", "/tiles/８００x480.png",
    ])
    func unknownSizesAreNotFound(uri: String) async throws {
        try await ServerFixture().withRouter { client async throws in
            #expect(try await client.execute(uri: uri, method: .get).status == .notFound)
        }
    }

    @Test func renderedTileFilesAreStillServedFromTheFolder() async throws {
        try await ServerFixture().withRouter { client async throws in
            let response = try await client.execute(uri: "/tiles/medium@2x-dark.png", method: .get)
            #expect(response.status == .ok)
            #expect(Array(response.body.readableBytesView) == OutputFolderFixture.tileBytes)
        }
    }

    @Test func aTileIsDrawnOnceUntilTheSnapshotChanges() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let first = try await client.execute(uri: "/tiles/medium.png", method: .get)
            let second = try await client.execute(uri: "/tiles/medium.png", method: .get)
            #expect(second.headers[.eTag] == first.headers[.eTag])
            let revalidated = try await client.execute(uri: "/tiles/medium.png", method: .get, headers: [.ifNoneMatch: first.headers[.eTag]!])
            #expect(revalidated.status == .notModified)
            #expect(fixture.tiles.drawn.count == 1)

            fixture.widgets.publish(ServerFixture.widgets(at: fixture.clock.now.addingTimeInterval(30)))
            let third = try await client.execute(uri: "/tiles/medium.png", method: .get, headers: [.ifNoneMatch: first.headers[.eTag]!])
            #expect(third.status == .ok)
            #expect(third.headers[.eTag] != first.headers[.eTag])
            #expect(fixture.tiles.drawn.count == 2)
        }
    }

    @Test func displaysAreDitheredAsConfigured() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.dithering = .floydSteinberg
        try await fixture.withRouter { client async throws in
            #expect(try await client.execute(uri: "/tiles/trmnl-gray.png", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/tiles/640x384.png?format=gray2", method: .get).status == .ok)
        }
        #expect(fixture.tiles.drawn.map(\.dithering) == [.floydSteinberg, .floydSteinberg])
    }

    /// Any canvas can be asked for, so the cache keeps the most recently used tiles only.
    @Test func theTileCacheIsBounded() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            for width in 100..<(100 + TileService.capacity + 6) {
                #expect(try await client.execute(uri: "/tiles/\(width)x100.png", method: .get).status == .ok)
            }
            let drawn = fixture.tiles.drawn.count
            let newest = "/tiles/\(99 + TileService.capacity + 6)x100.png"
            #expect(try await client.execute(uri: newest, method: .get).status == .ok)
            #expect(fixture.tiles.drawn.count == drawn, "the newest tile is still kept")
            #expect(try await client.execute(uri: "/tiles/100x100.png", method: .get).status == .ok)
            #expect(fixture.tiles.drawn.count == drawn + 1, "the oldest tile gave way and is drawn again")
        }
    }

    @Test func requestsThatMissTogetherShareOneDrawing() async throws {
        let fixture = try ServerFixture(drawingTime: .milliseconds(200))
        try await fixture.withRouter { client async throws in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.execute(uri: "/tiles/large.png?scale=3", method: .get).status }
                }
                for try await status in group { #expect(status == .ok) }
            }
        }
        #expect(fixture.tiles.drawn.count == 1)
    }

    @Test func aTileIsDrawnAgainOnceWhenItsDataTurnsStale() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let fresh = try await client.execute(uri: "/tiles/small.png", method: .get)
            fixture.clock.advance(by: 301)
            let stale = try await client.execute(uri: "/tiles/small.png", method: .get)
            _ = try await client.execute(uri: "/tiles/small.png", method: .get)
            #expect(stale.headers[.eTag] != fresh.headers[.eTag])
            #expect(String(decoding: stale.body.readableBytesView, as: UTF8.self).contains("stale"))
        }
        #expect(fixture.tiles.drawn.count == 2)
    }

    @Test func aStaleTileIsDrawnAgainWhenTheAgeItShowsChanges() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            fixture.clock.advance(by: 8 * 60)
            let eight = try await client.execute(uri: "/tiles/small.png", method: .get)
            fixture.clock.advance(by: 20)
            _ = try await client.execute(uri: "/tiles/small.png", method: .get)
            #expect(fixture.tiles.drawn.count == 1, "still \"Stale · 8 min\"")
            fixture.clock.advance(by: 60)
            let nine = try await client.execute(uri: "/tiles/small.png", method: .get)
            #expect(fixture.tiles.drawn.count == 2, "now \"Stale · 9 min\"")
            #expect(nine.status == .ok && eight.status == .ok)
        }
    }

    @Test func tilesCarryLastModifiedAndKeepItWhileThePictureIsTheSame() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let first = try await client.execute(uri: "/tiles/medium.png", method: .get)
            let modified = try #require(first.headers[.lastModified])
            #expect(modified == "Wed, 18 Nov 2026 11:06:40 GMT")
            let since = try await client.execute(uri: "/tiles/medium.png", method: .get, headers: [.ifModifiedSince: modified])
            #expect(since.status == .notModified)
            #expect(since.headers[.lastModified] == modified)
            #expect(try await client.execute(
                uri: "/tiles/medium.png", method: .get, headers: [.ifModifiedSince: "Tue, 17 Nov 2026 08:26:40 GMT"]).status == .ok)
            // If-None-Match decides when both are sent.
            #expect(try await client.execute(
                uri: "/tiles/medium.png", method: .get, headers: [.ifModifiedSince: modified, .ifNoneMatch: "\"other\""]).status == .ok)

            // New data (one device more) with the same picture: drawn again, but the same version.
            fixture.clock.advance(by: 45)
            var widgets = ServerFixture.widgets(at: fixture.clock.now.addingTimeInterval(-45))
            widgets.large.devicesTotal += 1
            fixture.widgets.publish(widgets)
            let again = try await client.execute(uri: "/tiles/medium.png", method: .get)
            #expect(fixture.tiles.drawn.count == 2)
            #expect(again.headers[.eTag] == first.headers[.eTag])
            #expect(again.headers[.lastModified] == modified)
        }
    }

    @Test func noSnapshotYetIsUnavailable() async throws {
        let fixture = try ServerFixture()
        let empty = PublishedWidgets()
        let application = try buildApplication(
            fixture.arguments,
            dependencies: ServerDependencies(
                watchStatus: fixture.monitor, metrics: fixture.metrics, widgets: empty, tiles: fixture.tiles,
                now: fixture.clock.reading))
        try await application.test(.router) { client async throws in
            let response = try await client.execute(uri: "/tiles/medium.png", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains("no snapshot yet"))
        }
    }

    @Test func withoutARendererTilePathsAreFileLookups() async throws {
        var fixture = try ServerFixture()
        fixture.drawsTiles = false
        try await fixture.withRouter { client async throws in
            #expect(try await client.execute(uri: "/tiles/medium.png", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/tiles/medium.png?scale=7", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/tiles/medium@2x-dark.png", method: .get).status == .ok)
        }
        // A file by a route's name is served when the route declines it.
        let bytes = TinyPNG.make(text: "a file named like a tile query")
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.folder.directory + "/tiles/medium.png"))
        try FileManager.default.createDirectory(atPath: fixture.folder.directory + "/api", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: fixture.folder.directory + "/api/extra.json"))
        try await fixture.withRouter { client async throws in
            let tile = try await client.execute(uri: "/tiles/medium.png", method: .get)
            #expect(tile.status == .ok && Array(tile.body.readableBytesView) == bytes)
            let extra = try await client.execute(uri: "/api/extra.json", method: .get)
            #expect(extra.status == .ok && String(buffer: extra.body) == "{}")
        }
    }
}
