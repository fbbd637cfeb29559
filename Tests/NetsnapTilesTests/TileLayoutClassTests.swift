import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import NetsnapText
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// Display canvases get the layout of their class; lists show every row that fits and names
/// stay whole where there is room; LED matrices are drawn in a pixel font.
@Suite struct TileLayoutClassTests {
    /// The embedded sample network, read from the file `netsnap sample` prints.
    static let sample: WidgetSet = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/NetsnapResources/sample-snapshot.json")
        let snapshot = try! SnapshotDecoder.decode([UInt8](FileManager.default.contents(atPath: url.path)!))
        return WidgetSet(snapshot)
    }()
    static let sampleNow = Date(timeIntervalSince1970: 1_795_257_780)

    private func canvas(_ target: TileRequest.Target, widgets: WidgetSet = sample, theme: TileTheme = .light, now: Date = sampleNow)
        -> TileCanvas
    {
        TileFixtures.renderer.draw(widgets, request: TileRequest(target: target, theme: theme, timeZone: TileFixtures.utc), now: now)
    }

    private static func panel(_ name: String) -> DisplayProfile { DisplayProfile(name: name)! }

    @Test(arguments: [
        (64, 32, TileLayoutClass.micro), (128, 64, .micro), (96, 48, .micro), (296, 128, .strip), (250, 122, .strip),
        (212, 104, .strip), (200, 200, .square), (400, 300, .landscape), (640, 384, .landscape), (800, 480, .landscape),
        (1024, 600, .landscape), (1872, 1404, .landscape), (1200, 825, .landscape), (600, 800, .portrait),
        (1072, 1448, .portrait), (100, 400, .square),
    ])
    func classesFollowSizeAndShape(width: Int, height: Int, expected: TileLayoutClass) {
        #expect(TileLayoutClass(width: width, height: height) == expected)
    }

    @Test func namedPanelsParseWithTheirSizes() throws {
        let expected: [String: (Int, Int, TileColorFormat)] = [
            "waveshare-2in13": (250, 122, .gray(bitDepth: 1)), "waveshare-2in9": (296, 128, .gray(bitDepth: 1)),
            "waveshare-4in2": (400, 300, .gray(bitDepth: 1)), "waveshare-7in5": (800, 480, .gray(bitDepth: 1)),
            "inkplate-6": (800, 600, .gray(bitDepth: 4)), "inkplate-10": (1200, 825, .gray(bitDepth: 4)),
            "kindle-paperwhite": (1072, 1448, .gray(bitDepth: 8)), "led-64x32": (64, 32, .rgb), "trmnl": (800, 480, .gray(bitDepth: 1)),
            "kindle": (600, 800, .gray(bitDepth: 8)),
        ]
        for (name, (width, height, format)) in expected {
            let profile = try #require(DisplayProfile(name: name.uppercased()), "\(name)")
            #expect(profile.width == width && profile.height == height && profile.format == format, "\(name)")
            #expect(profile.name == name)
        }
        #expect(DisplayProfile(name: "waveshare-9in9") == nil)
        #expect(Set(DisplayProfile.named.map(\.name)).count == DisplayProfile.named.count)
    }

    /// The large tile shows all five top targets of the sample, at every scale, and nothing
    /// is left out for lack of room.
    @Test(arguments: [1, 2, 3])
    func largeTileShowsEveryTopTarget(scale: Int) {
        let tile = canvas(.widget(.large, scale: scale), theme: .dark)
        #expect(Self.sample.large.topTargets.count == 5)
        for index in 0..<5 { #expect(tile.landmarks["targetDot\(index)"] != nil, "target \(index) missing at @\(scale)x") }
        #expect(tile.omittedNodes == 0)
        #expect(tile.truncatedTexts.isEmpty, "\(tile.truncatedTexts)")
    }

    /// TRMNL (1- and 2-bit), Kindle and the 7.5" panel show the sample's names whole: the
    /// targets, devices, device count and provider that used to end in "…".
    @Test(arguments: [DisplayProfile.trmnl, .trmnlGray, .kindle, panel("waveshare-7in5"), panel("inkplate-10")])
    func roomyDisplaysCutNoText(profile: DisplayProfile) {
        let tile = canvas(.display(profile))
        #expect(tile.truncatedTexts.isEmpty, "\(profile.name): \(tile.truncatedTexts)")
        #expect(tile.omittedNodes == 0)
        for index in 0..<5 { #expect(tile.landmarks["targetDot\(index)"] != nil, "\(profile.name): target \(index) missing") }
        #expect(tile.landmarks["devicesCard"] != nil)
    }

    /// Every class keeps its status word and network name whole on the sample.
    @Test(arguments: DisplayProfile.named)
    func everyPanelKeepsStatusAndName(profile: DisplayProfile) {
        let tile = canvas(.display(profile), theme: .dark)
        let cut = tile.truncatedTexts
        #expect(!cut.contains("Degraded") && !cut.contains("Home Wi-Fi"), "\(profile.name): \(cut)")
        #expect(tile.omittedNodes == 0, "\(profile.name)")
    }

    /// The QR code sits on landscape and portrait screens, not on the small panels.
    @Test func qrCodeOnlyWhereItFits() {
        for profile in DisplayProfile.named {
            let request = TileRequest(
                target: .display(profile), theme: .light, timeZone: TileFixtures.utc, qrURL: "https://netsnap.example/")
            let tile = TileFixtures.renderer.draw(Self.sample, request: request, now: Self.sampleNow)
            let expected = profile.layoutClass == .landscape || profile.layoutClass == .portrait
            #expect((tile.landmarks["qrCode"] != nil) == expected, "\(profile.name)")
        }
    }

    /// On stale paper the display layouts make room for the band: the status and the QR code
    /// stay above it, whole.
    @Test(arguments: [DisplayProfile.trmnl, .trmnlGray, .kindle, panel("waveshare-2in9"), panel("waveshare-1in54")])
    func staleBandHidesNoStatusOrCode(profile: DisplayProfile) throws {
        let request = TileRequest(target: .display(profile), theme: .light, timeZone: TileFixtures.utc, qrURL: "https://netsnap.example/")
        let tile = TileFixtures.renderer.draw(Self.sample, request: request, now: Self.sampleNow.addingTimeInterval(2 * 86_400))
        let band = try #require(tile.landmarks["staleBand"])
        let status = try #require(tile.landmarks["statusDot"])
        #expect(status.maxY <= band.y)
        if profile.layoutClass == .landscape || profile.layoutClass == .portrait {
            let code = try #require(tile.landmarks["qrCode"], "\(profile.name): no QR code")
            #expect(code.maxY <= band.y, "\(profile.name): the band covers the QR code")
        }
    }

    /// An LED matrix is drawn in a pixel font: every pixel is the black background or one of
    /// the few solid colours the tile uses — no anti-aliased in-between shades.
    @Test(arguments: ["led-64x32", "led-128x64"])
    func ledMatrixHasNoAntiAliasing(name: String) throws {
        let tile = canvas(.display(Self.panel(name)), theme: .dark)
        var colours = Set<UInt32>()
        let pixmap = tile.pixmap
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let pixel = pixmap.pixel(x: x, y: y)
                colours.insert(UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue))
            }
        }
        // Black, the status colour, the name's white, the caption's grey at most.
        #expect(colours.count <= 4, "\(colours.count) colours")
        let word = try #require(tile.landmarks["statusWord"])
        let font = try #require(TileFixtures.renderer.pixelFonts.font(MicroTile.fontNames(height: pixmap.height).status))
        #expect(Int(word.width) == font.width(of: "Degraded"))
        #expect(tile.truncatedTexts.isEmpty, "\(tile.truncatedTexts)")
    }

    /// Stale data on an LED matrix says so in its status word and shows its age as the number.
    @Test func staleMatrixSaysStale() {
        let content = TileContent(widgets: Self.sample, now: Self.sampleNow.addingTimeInterval(3_600), timeZone: TileFixtures.utc)
        let micro = MicroTile(content: content, palette: TilePalette.make(.dark, paper: false), pixelFonts: PixelFontShelf())
        #expect(micro.statusWord == "Stale")
        #expect(micro.number.value == "1 h")
        let fresh = MicroTile(
            content: TileContent(widgets: Self.sample, now: Self.sampleNow, timeZone: TileFixtures.utc),
            palette: TilePalette.make(.dark, paper: false), pixelFonts: PixelFontShelf())
        #expect(fresh.statusWord == "Degraded" && fresh.number.value == "5/6 up")
    }

    /// Without xfonts-base an LED tile is refused with an error that names the package;
    /// other tiles do not need it.
    /// In Arabic and Hebrew an LED matrix's lines start at the right edge, as every other
    /// mirrored tile's rows; elsewhere at the left.
    @Test(arguments: ["led-64x32", "led-128x64"])
    func ledLinesStartAtTheEdgeTheirLanguageReadsFrom(name: String) throws {
        for (locale, mirrored) in [("he-IL", true), ("ar-EG", true), ("de-DE", false)] {
            var request = TileRequest(target: .display(Self.panel(name)), theme: .dark, timeZone: TileFixtures.utc)
            request.wording = try #require(Wording(locale: locale))
            let canvas = TileFixtures.renderer.draw(Self.sample, request: request, now: Self.sampleNow)
            for landmark in ["statusWord", "networkName", "number"] {
                let rect = try #require(canvas.landmarks[landmark], "\(locale) \(landmark)")
                let edge = mirrored ? Double(canvas.pixmap.width - 1) - rect.maxX : rect.x - 1
                #expect(edge == 0 && rect.width > 0, "\(name) \(locale) \(landmark): \(rect)")
            }
        }
    }

    /// Where the pixel font has not a language's letters they are set solid in the vector
    /// font, whose space at 10 pixels is 2: the number's words stay apart by at least 4 blank
    /// columns, as the pixel font's 6-pixel space keeps English's ("5/6 up").
    @Test(arguments: ["he-IL", "ar-EG", "ja-JP"])
    func ledWordsStayApartInEveryScript(locale: String) throws {
        var request = TileRequest(target: .display(Self.panel("led-64x32")), theme: .dark, timeZone: TileFixtures.utc)
        request.wording = try #require(Wording(locale: locale))
        let canvas = TileFixtures.renderer.draw(Self.sample, request: request, now: Self.sampleNow)
        let number = try #require(canvas.landmarks["number"])
        let inked = (Int(number.x)..<Int(number.maxX)).map { x in
            (Int(number.y)..<Int(number.maxY)).contains { y in canvas.pixmap.pixel(x: x, y: y) != canvas.pixmap.pixel(x: 0, y: 0) }
        }
        let first = try #require(inked.firstIndex(of: true))
        let last = try #require(inked.lastIndex(of: true))
        let widestGap = inked[first...last].split(separator: true).map(\.count).max() ?? 0
        #expect(widestGap >= 4, "\(locale): \(widestGap) blank columns between the number's words")
    }

    @Test func ledMatrixWithoutBitmapFontsNamesXfontsBase() throws {
        let renderer = TileRenderer(fonts: TileFixtures.renderer.fonts, pixelFonts: PixelFontShelf(folder: "/nonexistent/misc"))
        let led = TileRequest(target: .display(Self.panel("led-64x32")), theme: .dark, timeZone: TileFixtures.utc)
        do {
            _ = try renderer.png(for: Self.sample, request: led, now: Self.sampleNow)
            Issue.record("an LED tile was drawn without its bitmap fonts")
        } catch let error as FontError {
            #expect(error == .pixelFontMissing(path: "/nonexistent/misc/6x10.pcf.gz"))
            #expect(error.description.contains("apt-get install xfonts-base"))
        }
        let phone = TileRequest(target: .widget(.small, scale: 1), theme: .dark, timeZone: TileFixtures.utc)
        #expect(try !renderer.png(for: Self.sample, request: phone, now: Self.sampleNow).isEmpty)
    }

    /// Misc-fixed 6x10 read through FreeType: every glyph 6 px wide, set pixels only.
    @Test func pixelFontReadsMiscFixed() throws {
        let font = try PixelFont(misc: "6x10")
        #expect(font.width(of: "Online") == 36)
        #expect(font.lineHeight == 10)
        #expect(font.fitting("Home Wi-Fi network", maxWidth: 60).count == 10)
        var pixmap = Pixmap(width: 40, height: 12)
        font.draw("Hi", into: &pixmap, x: 0, baseline: 9, color: .white)
        let alphas = Set((0..<12).flatMap { y in (0..<40).map { pixmap.pixel(x: $0, y: y).alpha } })
        #expect(alphas == [0, 255])
        #expect(throws: FontError.self) { try PixelFont(path: "/nonexistent/6x10.pcf.gz") }
    }
}
