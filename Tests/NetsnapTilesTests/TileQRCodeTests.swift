import Foundation
import NetsnapQR
import NetsnapRaster
import Testing

@testable import NetsnapTiles

@Suite struct TileQRCodeTests {
    static let url = "https://netsnap.example/dashboard/"

    private func request(_ target: TileRequest.Target, theme: TileTheme = .light, url: String? = url) -> TileRequest {
        TileRequest(target: target, theme: theme, timeZone: TileFixtures.utc, qrURL: url)
    }

    private func canvas(_ request: TileRequest) -> TileCanvas {
        TileFixtures.renderer.draw(TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
    }

    /// Every pixel of the code's square is exactly black or white and agrees with its
    /// module: whole pixels a module, on whole-pixel edges, quiet zone included.
    @Test(arguments: [
        TileRequest.Target.display(.trmnl), .display(.trmnlGray), .display(.kindle), .widget(.large, scale: 1),
        .widget(.large, scale: 2), .widget(.large, scale: 3),
    ])
    func drawsEveryModuleOnWholePixels(target: TileRequest.Target) throws {
        try drawsEveryModuleOnWholePixels(request(target, theme: .dark), light: .white)
    }

    /// At night the light modules are the theme's red: no white square lights the room.
    @Test func drawsTheNightCodeInRedAndBlack() throws {
        try drawsEveryModuleOnWholePixels(request(.widget(.large, scale: 2), theme: .night), light: Color(hex: 0xD33A2C))
    }

    private func drawsEveryModuleOnWholePixels(_ request: TileRequest, light: Color) throws {
        let matrix = try #require(QRMatrix(encoding: Self.url))
        let canvas = canvas(request)
        let square = try #require(canvas.landmarks["qrCode"], "no QR code on \(request.fileName)")
        #expect(square.x == square.x.rounded() && square.y == square.y.rounded())
        let side = Int(square.width)
        #expect(Int(square.height) == side && side % matrix.sizeWithQuietZone == 0)
        let module = side / matrix.sizeWithQuietZone
        #expect(module >= 2)
        #expect(square.maxX <= Double(request.pixelWidth) && square.maxY <= Double(request.pixelHeight))
        let tile = TileFixtures.renderer.render(TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        var wrong: [String] = []
        for y in 0..<side {
            for x in 0..<side {
                let dark = matrix[y / module - QRMatrix.quietZone, x / module - QRMatrix.quietZone]
                let px = Int(square.x) + x
                let py = Int(square.y) + y
                let right: Bool
                switch tile {
                case .color(let pixmap): right = pixmap.pixel(x: px, y: py) == (dark ? .black : light)
                case .gray(let image): right = image.level(x: px, y: py) == (dark ? 0 : image.maxLevel)
                }
                if !right { wrong.append("\(px),\(py)") }
            }
        }
        #expect(wrong.isEmpty, "\(request.fileName): \(wrong.count) pixels off, first \(wrong.prefix(5))")
    }

    @Test(arguments: [TileRequest.Target.widget(.small, scale: 2), .widget(.medium, scale: 2), .widget(.medium, scale: 3)])
    func leavesSmallAndMediumAsTheyAre(target: TileRequest.Target) throws {
        let with = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request(target), now: TileFixtures.freshNow)
        let without = try TileFixtures.renderer.png(
            for: TileFixtures.widgets(), request: request(target, url: nil), now: TileFixtures.freshNow)
        #expect(with == without)
        #expect(canvas(request(target)).landmarks["qrCode"] == nil)
    }

    @Test func anAddressTooLongForAnyCodeDrawsTheTileWithout() throws {
        let long = "https://netsnap.example/" + String(repeating: "x", count: 3_000)
        let target = TileRequest.Target.display(.trmnl)
        let with = try TileFixtures.renderer.png(
            for: TileFixtures.widgets(), request: request(target, url: long), now: TileFixtures.freshNow)
        let without = try TileFixtures.renderer.png(
            for: TileFixtures.widgets(), request: request(target, url: nil), now: TileFixtures.freshNow)
        #expect(with == without)
    }

    @Test func keepsTheCardsBesideIt() throws {
        for target in [TileRequest.Target.display(.trmnl), .display(.kindle), .widget(.large, scale: 2)] {
            let canvas = canvas(request(target))
            let square = try #require(canvas.landmarks["qrCode"])
            let devices = try #require(canvas.landmarks["devicesCard"])
            let apart =
                square.maxX <= devices.x || devices.maxX <= square.x || square.maxY <= devices.y || devices.maxY <= square.y
            #expect(apart, "\(target): the code overlaps the devices card")
        }
    }
}

extension TileQRCodeTests {
    /// 320 × 240 px (landscape at 1 px a point) leaves 60 px for the code: under 2 px a module,
    /// so no code and no room kept for one.
    @Test func aCanvasTooSmallForAReadableCodeGivesItsRoomBack() throws {
        let target = TileRequest.Target.display(.custom(width: 320, height: 240, format: .gray(bitDepth: 1)))
        let with = canvas(request(target))
        #expect(with.landmarks["qrCode"] == nil)
        // Only the column's 8 pt gap (3 px here) is left of the code.
        let card = try #require(with.landmarks["devicesCard"])
        let alone = try #require(canvas(request(target, url: nil)).landmarks["devicesCard"])
        #expect(card.height >= alone.height - (8 * TileRenderer.scale(of: target)).rounded(.up) - 1)
    }
}
