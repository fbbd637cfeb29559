import Foundation
import NetsnapModel
import NetsnapRaster
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// The screens a display shows besides the overview, each a layout of its own: every target
/// (problems first), every device (active first), the dashboard's QR code large.
@Suite struct TileScreenTests {
    static let url = "https://netsnap.example/dashboard/"
    static let canvases: [DisplayProfile] = [
        .trmnl, .kindle, .custom(width: 1872, height: 1404, format: .gray(bitDepth: 4)),
        .custom(width: 800, height: 480, format: .rgb),
    ]

    static func draw(
        _ screen: TileScreen, _ profile: DisplayProfile, widgets: WidgetSet = TileFixtures.widgets(), now: Date = TileFixtures.freshNow
    )
        -> TileCanvas
    {
        let request = TileRequest(
            target: .display(profile), theme: .light, timeZone: TileFixtures.utc, qrURL: url, screen: screen)
        return TileFixtures.renderer.draw(widgets, request: request, now: now)
    }

    @Test(arguments: canvases)
    func targetsListsEveryTargetProblemsFirst(profile: DisplayProfile) throws {
        let widgets = TileFixtures.widgets(TileFixtures.snapshot(allOnline: false))
        let canvas = Self.draw(.targets, profile, widgets: widgets)
        #expect(canvas.landmarks["targetsCard"] != nil && canvas.landmarks["devicesCard"] == nil)
        #expect(canvas.landmarks["qrCode"] == nil && canvas.omittedNodes == 0)
        let dots = (0..<5).compactMap { canvas.landmarks["targetDot\($0)"] }
        #expect(dots.count == 5, "all five targets")
        #expect(dots.map(\.y) == dots.map(\.y).sorted() && canvas.truncatedTexts.isEmpty)
        // "Router admin", the one down, is listed first: on paper a down dot is a ring, light
        // in its centre, an answering one filled.
        guard case .gray = profile.format else { return }
        let centres = dots.prefix(2).map { dot in
            canvas.pixmap.bytes[(Int(dot.center.y) * canvas.pixmap.width + Int(dot.center.x)) * 4]
        }
        #expect(centres[0] > 200 && centres[1] < 60, "\(centres)")
    }

    @Test(arguments: canvases)
    func devicesAndTheCodeAreLayoutsOfTheirOwn(profile: DisplayProfile) throws {
        let devices = Self.draw(.devices, profile)
        #expect(devices.landmarks["devicesCard"] != nil && devices.landmarks["targetsCard"] == nil && devices.omittedNodes == 0)
        let code = Self.draw(.qr, profile)
        let square = try #require(code.landmarks["qrCode"])
        // At least a third of the shorter side: large enough to scan across a room.
        #expect(square.width >= Double(min(profile.width, profile.height)) / 3)
        let overview = Self.draw(.overview, profile)
        let pictures = [overview, Self.draw(.targets, profile), devices, code].map { $0.pixmap.bytes }
        #expect(Set(pictures).count == 4, "four different pictures")
    }

    @Test func longListsRunInTwoColumnsAndSayHowManyMore() throws {
        let names = (1...60).map { "Target \($0)" }
        let widgets = TileFixtures.widgets(TileFixtures.snapshot(targetNames: names))
        let wide = Self.draw(.targets, .trmnl, widgets: widgets)
        let dots = (0..<60).compactMap { wide.landmarks["targetDot\($0)"] }
        #expect(Set(dots.map(\.x)).count == 2, "two columns")
        #expect(dots.count < 60 && wide.omittedNodes == 0)
        let narrow = Self.draw(.targets, .custom(width: 300, height: 400, format: .gray(bitDepth: 1)), widgets: widgets)
        #expect(Set((0..<60).compactMap { narrow.landmarks["targetDot\($0)"]?.x }).count == 1, "one column on a narrow panel")
    }

    @Test func withoutAnAddressTheCodeScreenSaysWhatToSet() {
        let request = TileRequest(target: .display(.trmnl), theme: .light, timeZone: TileFixtures.utc, screen: .qr)
        let canvas = TileFixtures.renderer.draw(TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        #expect(canvas.landmarks["qrCode"] == nil && canvas.landmarks["codeCard"] != nil)
    }

    @Test func aStaleBandCoversNoRowAndNoModule() throws {
        let canvas = Self.draw(.qr, .trmnl, now: TileFixtures.staleNow)
        let square = try #require(canvas.landmarks["qrCode"])
        let band = StaleBand.height(canvasHeight: 480 / canvas.scale) * canvas.scale
        #expect(square.maxY <= 480 - band)
    }
}
