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
        (
            "/tiles/800x480.png",
            TileRequest(target: .display(.custom(width: 800, height: 480, format: .rgb)), theme: .light, timeZone: zurich)
        ),
        (
            "/tiles/1024x600.png?format=gray4&theme=dark",
            TileRequest(target: .display(.custom(width: 1024, height: 600, format: .gray(bitDepth: 4))), theme: .dark, timeZone: zurich)
        ),
        (
            "/tiles/16x4096.png?format=rgba",
            TileRequest(target: .display(.custom(width: 16, height: 4096, format: .rgba)), theme: .light, timeZone: zurich)
        ),
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
