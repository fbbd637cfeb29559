import Foundation
import NetsnapPNG
import NetsnapRaster
import NetsnapTestSupport
import NetsnapText
import NetsnapTiles
import Testing

@Suite struct TileFormatTests {
    private static let widgetRequests: [TileRequest] = TileTheme.allCases.flatMap { theme in
        (1...3).flatMap { scale in
            TileSize.allCases.map { TileRequest(target: .widget($0, scale: scale), theme: theme, timeZone: TileFixtures.utc) }
        }
    }

    private static let displayRequests: [TileRequest] = TileTheme.allCases.flatMap { theme in
        [
            DisplayProfile.trmnl, .trmnlGray, .kindle, .custom(width: 1024, height: 600, format: .rgba),
            .custom(width: 480, height: 800, format: .gray(bitDepth: 4)),
        ].map {
            TileRequest(target: .display($0), theme: theme, timeZone: TileFixtures.utc)
        }
    }

    @Test(arguments: widgetRequests)
    func widgetTilesAreRGBAtTheirScale(request: TileRequest) throws {
        guard case .widget(let size, let scale) = request.target else { return }
        let png = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        let decoded = try PNGDecoder().decode(png)
        #expect(decoded.layout == PNGLayout(width: Int(size.width) * scale, height: Int(size.height) * scale, bitDepth: 8, colorType: .rgb))
        #expect(decoded.text.contains(PNGTextChunk(keyword: "Software", text: "netsnap")))
        #expect(decoded.text == [PNGTextChunk(keyword: "Software", text: "netsnap")])
    }

    @Test(arguments: displayRequests)
    func displayTilesUseTheSmallestFormat(request: TileRequest) throws {
        guard case .display(let profile) = request.target else { return }
        let decoded = try PNGDecoder().decode(
            try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow))
        let expected: (Int, PNGColorType) =
            switch profile.format {
            case .rgb: (8, .rgb)
            case .rgba: (8, .rgba)
            case .gray(let bitDepth): (bitDepth, .gray)
            }
        #expect(decoded.layout == PNGLayout(width: profile.width, height: profile.height, bitDepth: expected.0, colorType: expected.1))
    }

    @Test func defaultRequestsAreEverySizeAt2xInBothThemes() {
        let names = TileRequest.defaults(timeZone: TileFixtures.utc).map(\.fileName)
        #expect(
            names == [
                "tiles/small@2x-dark.png", "tiles/medium@2x-dark.png", "tiles/large@2x-dark.png",
                "tiles/small@2x-light.png", "tiles/medium@2x-light.png", "tiles/large@2x-light.png",
            ])
        #expect(
            TileRequest(target: .display(.trmnlGray), theme: .light, timeZone: TileFixtures.utc).fileName == "tiles/trmnl-gray-light.png")
    }

    @Test func profileNamesParse() {
        #expect(DisplayProfile(name: "trmnl") == .trmnl)
        #expect(DisplayProfile(name: "TRMNL-gray") == .trmnlGray)
        #expect(DisplayProfile(name: "kindle") == .kindle)
        #expect(DisplayProfile(name: "1024x600:gray4") == .custom(width: 1024, height: 600, format: .gray(bitDepth: 4)))
        #expect(DisplayProfile(name: "640x480") == .custom(width: 640, height: 480, format: .rgb))
        #expect(DisplayProfile(name: "640x480:cmyk") == nil)
        #expect(DisplayProfile(name: "0x480") == nil)
    }

    @Test func renderingTwiceGivesTheSameBytes() throws {
        for request in [
            TileRequest(target: .widget(.medium, scale: 2), theme: .dark, timeZone: TileFixtures.utc),
            TileRequest(target: .display(.trmnl), theme: .light, timeZone: TileFixtures.utc),
        ] {
            let first = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
            // A second font system with cold caches must give the same bytes.
            let other = TileRenderer(fonts: try FontSystem())
            let second = try other.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
            #expect(first == second)
        }
    }

    @Test func displaysDitherAsRequested() throws {
        func grey(_ dithering: Dithering) throws -> DecodedPNG {
            let request = TileRequest(target: .display(.trmnlGray), theme: .dark, timeZone: TileFixtures.utc, dithering: dithering)
            return try PNGDecoder().decode(
                TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow))
        }
        let ordered = try grey(.ordered)
        let diffused = try grey(.floydSteinberg)
        let rounded = try grey(.none)
        #expect(Set([ordered.rgba, diffused.rgba, rounded.rgba]).count == 3)
        let layout = PNGLayout(width: 800, height: 480, bitDepth: 2, colorType: .gray)
        #expect([ordered, diffused, rounded].allSatisfy { $0.layout == layout })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pngcheck")))
    func tilesPassPngcheck() throws {
        let requests = [
            TileRequest(target: .widget(.large, scale: 2), theme: .light, timeZone: TileFixtures.utc),
            TileRequest(target: .display(.trmnl), theme: .light, timeZone: TileFixtures.utc),
            TileRequest(target: .display(.trmnlGray), theme: .dark, timeZone: TileFixtures.utc),
            TileRequest(target: .display(.custom(width: 300, height: 200, format: .rgba)), theme: .dark, timeZone: TileFixtures.utc),
        ]
        for request in requests {
            let bytes = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
            #expect(try PNGCheck.exitStatus(of: bytes, name: "tile") == 0, "pngcheck rejected \(request.fileName)")
        }
    }
}
