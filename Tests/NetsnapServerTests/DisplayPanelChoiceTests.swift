import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapRaster
import NetsnapTiles
import NetsnapWidgets
import Testing

@testable import NetsnapServer

/// Which picture each TRMNL panel gets, and that it always fits the firmware's download limit.
@Suite struct DisplayPanelChoiceTests {
    static let configured = TileRequest(target: .display(.trmnl), theme: .light, timeZone: TimeZone(identifier: "UTC")!)

    static func choice(model: String? = nil, firmware: String? = nil, width: Int? = nil, height: Int? = nil) -> DisplayPanelChoice {
        DisplayPanelChoice(
            report: DisplayReport(firmware: firmware, model: model, width: width, height: height), configured: configured, canDraw: true)
    }

    @Test func anOGGetsGreysFromFirmware160AndOneBitBefore() {
        let modern = Self.choice(model: "og", firmware: "1.8.5", width: 800, height: 480)
        #expect(modern.byteLimit == 90_000)
        #expect(
            modern.candidates.map(\.target) == [
                .display(.custom(width: 800, height: 480, format: .gray(bitDepth: 2))),
                .display(.custom(width: 800, height: 480, format: .gray(bitDepth: 2))), .display(.trmnl),
            ])
        #expect(modern.candidates.map(\.dithering) == [.ordered, .none, .none])
        let older = Self.choice(model: "og", firmware: "1.5.12", width: 800, height: 480)
        // 1.5.x decodes only 800 × 480 in 1 bit, whatever size it reports.
        #expect(older.candidates.map(\.target) == [.display(.trmnl)])
        #expect(Self.choice(model: "og", firmware: "1.5.0", width: 1024, height: 758).candidates.map(\.target) == [.display(.trmnl)])
        // A BYOS client that says nothing gets the configured tile.
        #expect(Self.choice().candidates.first == Self.configured)
    }

    @Test func aTRMNLXGets16GreysAndTheLargerLimit() {
        for choice in [Self.choice(model: "x", firmware: "1.8.5"), Self.choice(width: 1872, height: 1404)] {
            #expect(choice.byteLimit == 750_000)
            #expect(choice.candidates.first?.target == .display(.custom(width: 1872, height: 1404, format: .gray(bitDepth: 4))))
            #expect(choice.candidates.last?.target == .display(.custom(width: 1872, height: 1404, format: .gray(bitDepth: 1))))
        }
    }

    /// A picture over the limit gives way to a flatter one.
    @Test func aPictureTooLargeForTheFirmwareIsSimplified() async throws {
        var fixture = try ServerFixture()
        fixture.tileProvider = BulkyTileProvider()
        try await fixture.withRouter { client async throws in
            var headers = DisplayLogTests.displayHeaders
            headers[.init("FW-Version")!] = "1.8.5"
            let display = try DisplayControllerTests.json(try await client.execute(uri: "/api/display", method: .get, headers: headers))
            let path = try #require((display["image_url"] as? String)?.dropFirst("http://localhost".count))
            let image = try await client.execute(uri: String(path), method: .get)
            #expect(image.body.readableBytes <= 90_000)
            #expect(String(decoding: image.body.readableBytesView, as: UTF8.self).contains("800x480-gray2-light.png flat"))
        }
    }
}

/// Draws dithered tiles too big for an OG (100 KB), flat ones small.
struct BulkyTileProvider: TileProvider {
    func png(for widgets: WidgetSet, request: TileRequest, now: Date) async throws -> [UInt8] {
        let flat = request.dithering == .none
        return TinyPNG.make(text: request.fileName + (flat ? " flat" : String(repeating: " dots", count: 20_000)))
    }
}
