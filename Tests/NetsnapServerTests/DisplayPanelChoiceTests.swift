import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapRaster
import NetsnapTiles
import NetsnapWidgets
import Testing

@testable import NetsnapServer

/// Which picture each TRMNL panel gets, and that it always fits the firmware's download limit.
@Suite struct DisplayPanelChoiceTests {
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
