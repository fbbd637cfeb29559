import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapText
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// The server with the real renderer: what a display polling it gets is a PNG of the
/// requested canvas, in the requested format.
@Suite struct RealTileTests {
    /// Width, height, bit depth and colour type from a PNG's IHDR chunk.
    static func header(_ bytes: some Collection<UInt8>) throws -> (width: Int, height: Int, depth: Int, colorType: Int) {
        let data = Array(bytes)
        try #require(data.count > 29 && Array(data[0..<8]) == TinyPNG.signature && Array(data[12..<16]) == Array("IHDR".utf8))
        func integer(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20), Int(data[24]), Int(data[25]))
    }

    @Test func tilesAndTheDisplayImageAreRealPNGs() async throws {
        var fixture = try ServerFixture()
        fixture.tileProvider = TileRenderer(fonts: try FontSystem())
        try await fixture.withRouter { client async throws in
            let medium = try await client.execute(uri: "/tiles/medium.png?scale=3&theme=light", method: .get)
            #expect(medium.status == .ok)
            let mediumHeader = try Self.header(medium.body.readableBytesView)
            #expect(mediumHeader.width == 364 * 3 && mediumHeader.height == 170 * 3)

            let display = try await client.execute(uri: "/api/display", method: .get)
            let body = try #require(JSONSerialization.jsonObject(with: Data(display.body.readableBytesView)) as? [String: Any])
            let filename = try #require(body["filename"] as? String)
            let image = try await client.execute(uri: "/display/\(filename).png", method: .get)
            let imageHeader = try Self.header(image.body.readableBytesView)
            // TRMNL: 800×480, 1-bit grey.
            #expect(imageHeader.width == 800 && imageHeader.height == 480)
            #expect(imageHeader.depth == 1 && imageHeader.colorType == 0)

            let canvas = try await client.execute(uri: "/tiles/1024x600.png?format=gray4", method: .get)
            let canvasHeader = try Self.header(canvas.body.readableBytesView)
            #expect(canvasHeader.width == 1024 && canvasHeader.height == 600)
            #expect(canvasHeader.depth == 4 && canvasHeader.colorType == 0)
        }
    }

    /// Every named panel is served under its name, at its size and in its format.
    @Test func namedPanelsAreServedAtTheirSize() async throws {
        var fixture = try ServerFixture()
        fixture.tileProvider = TileRenderer(fonts: try FontSystem())
        try await fixture.withRouter { client async throws in
            for profile in DisplayProfile.named {
                let response = try await client.execute(uri: "/tiles/\(profile.name).png", method: .get)
                #expect(response.status == .ok, "\(profile.name)")
                let header = try Self.header(response.body.readableBytesView)
                #expect(header.width == profile.width && header.height == profile.height, "\(profile.name)")
                if case .gray(let depth) = profile.format { #expect(header.depth <= depth && header.colorType == 0, "\(profile.name)") }
            }
        }
    }
}
