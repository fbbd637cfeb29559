import NetsnapPNG
import NetsnapRaster
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// Conversions are kept: the same drawn tile converted the same way is not converted again.
@Suite struct ConvertedTileCacheTests {
    static func drawn(_ level: UInt8) throws -> Representation {
        let png = try PNGEncoder().encode(GrayImage(width: 8, height: 2, bitDepth: 1, levels: [UInt8](repeating: level, count: 16)))
        return Representation(bytes: png, contentType: "image/png", cacheControl: "max-age=30")
    }

    @Test func aRepeatedConversionComesFromTheCache() throws {
        let cache = ConvertedTileCache(capacity: 2)
        let white = try Self.drawn(1)
        let first = try cache.converted(white, orientation: .upright, file: .bmp, palette: nil)
        #expect(first.cacheControl == "max-age=30")
        #expect(first.bytes.readableBytes == 62 + 2 * 4)
        let again = try cache.converted(white, orientation: .upright, file: .bmp, palette: nil)
        #expect(again.bytes.readableBytesView.elementsEqual(first.bytes.readableBytesView))
        #expect(again.entityTag == first.entityTag)
        let turned = try cache.converted(white, orientation: TileOrientation(degrees: 90)!, file: .png, palette: nil)
        #expect(try PNGDecoder().decode(Array(turned.bytes.readableBytesView)).layout.width == 2)
        // A third kind pushes the oldest out; converting it again still gives the same bytes.
        _ = try cache.converted(try Self.drawn(0), orientation: .upright, file: .bmp, palette: nil)
        let redone = try cache.converted(white, orientation: .upright, file: .bmp, palette: nil)
        #expect(redone.entityTag == first.entityTag)
    }
}
