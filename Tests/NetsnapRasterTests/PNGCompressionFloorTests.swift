import NetsnapPNG
import NetsnapRaster
import Testing

/// The floor is only a fair yardstick if it compresses exactly what the encoder compressed:
/// the inflated image data must have the size the layout implies, and deflating it again at
/// the encoder's level must give back the encoder's very bytes.
@Suite struct PNGCompressionFloorTests {
    private let encoder = PNGEncoder()

    private var tile: Pixmap {
        var pixmap = Pixmap(width: 61, height: 29, fill: Color(hex: 0x0F172A))
        pixmap.fill(.circle(center: Point(x: 30, y: 14), radius: 11), with: .solid(Color(hex: 0x10B981)))
        pixmap.fill(.rect(Rect(x: 3, y: 20, width: 40, height: 4)), with: .solid(Color(hex: 0xF8FAFC)))
        return pixmap
    }

    @Test func colourImageDataIsRecompressedToTheSameBytesAtTheTunedLevel() throws {
        let floor = try PNGCompressionFloor(png: try encoder.encode(tile))
        #expect(floor.layout == PNGLayout(width: 61, height: 29, bitDepth: 8, colorType: .rgb))
        #expect(floor.scanlines.count == 29 * (1 + 61 * 3))
        let level = try #require(floor.level(for: encoder))
        #expect(level == 6)
        #expect(floor.compressed(level: level) == floor.imageData)
        #expect(floor.milliseconds(level: level, runs: 3) > 0)
    }

    @Test(arguments: [1, 2, 4])
    func greyImageDataIsRecompressedToTheSameBytesAtTheGreyLevel(bitDepth: Int) throws {
        let grey = tile.grayscale(bitDepth: bitDepth, dithering: .ordered)
        let floor = try PNGCompressionFloor(png: try encoder.encode(grey))
        #expect(floor.scanlines.count == 29 * (1 + (61 * bitDepth + 7) / 8))
        let level = try #require(floor.level(for: encoder))
        #expect(level == 7)
        #expect(floor.compressed(level: level) == floor.imageData)
    }

    @Test func zlibSettingsHaveNoLibdeflateLevel() throws {
        let zlib = PNGEncoder(compression: .libpngDefault, grayCompression: .libpngDefault)
        let floor = try PNGCompressionFloor(png: try zlib.encode(tile))
        #expect(floor.level(for: zlib) == nil)
        #expect(floor.scanlines.count == 29 * (1 + 61 * 3))
    }

    @Test func somethingThatIsNoPNGIsRefused() {
        #expect(throws: PNGError.self) { try PNGCompressionFloor(png: [UInt8](repeating: 0, count: 64)) }
    }
}
