import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapModel
import NetsnapRender
import NetsnapTiles
import NetsnapWatch
import Testing

@testable import NetsnapServer

/// What each firmware gets: 1.4.x a BMP at `/display/<name>.bmp`, 1.5.0 and later a PNG;
/// `rotate`, `invert` and `format=bmp` on tile URLs.
@Suite struct DisplayFormatTests {
    @Test(arguments: [("1.4.8", "bmp"), ("1.4.6", "bmp"), ("1.5.0", "png"), ("1.8.5", "png"), ("garbage", "png")])
    func olderFirmwareGetsABMP(firmware: String, file: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            var headers = DisplayLogTests.displayHeaders
            headers[.init("FW-Version")!] = firmware
            let display = try DisplayControllerTests.json(try await client.execute(uri: "/api/display", method: .get, headers: headers))
            let url = try #require(display["image_url"] as? String)
            #expect(url.hasSuffix(".\(file)"))
            let path = String(url.dropFirst("http://localhost".count))
            let image = try await client.execute(uri: path, method: .get)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == (file == "bmp" ? "image/bmp" : "image/png"))
            #expect(Array(image.body.readableBytesView.prefix(2)) == (file == "bmp" ? [0x42, 0x4D] : [0x89, 0x50]))
        }
    }

    @Test func tileURLsTakeRotateInvertAndBMP() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let bmp = try await client.execute(uri: "/tiles/trmnl.png?format=bmp", method: .get)
            #expect(bmp.status == .ok && bmp.headers[.contentType] == "image/bmp")
            let turned = try await client.execute(uri: "/tiles/trmnl.png?rotate=90&invert=1", method: .get)
            #expect(turned.status == .ok && turned.headers[.contentType] == "image/png")
            for bad in ["rotate=45", "rotate=90&rotate=180", "invert=yes", "rotate=090"] {
                #expect(try await client.execute(uri: "/tiles/trmnl.png?\(bad)", method: .get).status == .badRequest, "\(bad)")
            }
            #expect(try await client.execute(uri: "/tiles/medium.png?rotate=90", method: .get).status == .badRequest)
        }
        // The portrait layout is drawn for the turned canvas, in the profile's format.
        let drawn = fixture.tiles.drawn.map(\.target)
        #expect(drawn.contains(.display(.trmnl)))
        #expect(drawn.contains(.display(.custom(width: 480, height: 800, format: .gray(bitDepth: 1)))))
    }

    /// Tronbyt firmware's fetch: WebP with its dwell and brightness headers, behind the token.
    @Test func tronbytGetsWebPWithDwellAndBrightness() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.token = DisplayControllerTests.token
        try await fixture.withRouter { client async throws in
            #expect(try await client.execute(uri: "/tronbyt/hall/next", method: .get).status == .unauthorized)
            let bearer: HTTPFields = [.authorization: "Bearer \(DisplayControllerTests.token)"]
            let next = try await client.execute(uri: "/tronbyt/hall/next", method: .get, headers: bearer)
            #expect(next.status == .ok && next.headers[.contentType] == "image/webp")
            #expect(Array(next.body.readableBytesView.prefix(4)) == Array("RIFF".utf8))
            #expect(next.headers[.init("Tronbyt-Dwell-Secs")!] == "120", "the sample has a target down")
            #expect(next.headers[.init("Tronbyt-Brightness")!] == "100")
            #expect(try await client.execute(uri: "/tronbyt/a.b/next", method: .get, headers: bearer).status == .notFound)
        }
        #expect(TronbytController<BasicRequestContext>.isPlainName("hall-matrix_2"))
        #expect(!TronbytController<BasicRequestContext>.isPlainName("") && !TronbytController<BasicRequestContext>.isPlainName("a/b"))
    }

    /// A display configured as mounted in portrait gets a portrait layout; one with colour
    /// e-paper gets its picture drawn in colour (then indexed in its inks).
    @Test func configuredPanelsAreDrawnForHowTheyAreMounted() async throws {
        var fixture = try ServerFixture()
        let portrait = try #require(MACAddress("AA:BB:CC:DD:EE:01"))
        let colour = try #require(MACAddress("AA:BB:CC:DD:EE:02"))
        fixture.arguments.displaySchedule.panels = [
            DisplayPanelSettings(device: portrait, orientation: TileOrientation(degrees: 90)!),
            DisplayPanelSettings(device: colour, palette: .spectra6),
        ]
        try await fixture.withRouter { client async throws in
            for device in [portrait, colour] {
                var headers = DisplayLogTests.displayHeaders
                headers[.init("ID")!] = device.text
                let display = try DisplayControllerTests.json(try await client.execute(uri: "/api/display", method: .get, headers: headers))
                #expect(display["status"] as? Int == 0)
            }
        }
        let drawn = fixture.tiles.drawn.map(\.target)
        // Firmware 1.8.5: four greys, on the portrait canvas.
        #expect(drawn.contains(.display(.custom(width: 480, height: 800, format: .gray(bitDepth: 2)))))
        #expect(drawn.contains(.display(.custom(width: 800, height: 480, format: .rgb))))
    }
}
