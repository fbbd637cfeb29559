import NetsnapPNG
import NetsnapRaster
import Testing

@testable import NetsnapTiles

/// The 1-bit BMP TRMNL firmware 1.4.x reads (`parseBMPHeader` in its `bmp.cpp`) and the
/// quarter turns and inversion of tiles.
@Suite struct MonochromeBMPTests {
    static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    static func u16(_ bytes: [UInt8], _ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }

    /// A white 800 × 480 picture with its top-left pixel black.
    static var marked: GrayImage {
        var levels = [UInt8](repeating: 1, count: 800 * 480)
        levels[0] = 0
        return GrayImage(width: 800, height: 480, bitDepth: 1, levels: levels)
    }

    @Test func theHeaderIsWhatTheFirmwareChecks() {
        let bmp = MonochromeBMP.encode(Self.marked)
        #expect(bmp.count == 48_062, "DISPLAY_BMP_IMAGE_SIZE")
        #expect(bmp[0] == UInt8(ascii: "B") && bmp[1] == UInt8(ascii: "M"))
        #expect(Self.u32(bmp, 2) == 48_062)
        #expect(Self.u32(bmp, 10) == 62, "pixel data after the 54-byte headers and the 8-byte palette")
        #expect(Self.u32(bmp, 18) == 800 && Self.u32(bmp, 22) == 480)
        #expect(Self.u16(bmp, 28) == 1 && Self.u32(bmp, 30) == 0)
        #expect(Self.u32(bmp, 34) == 48_000)
        #expect(Self.u32(bmp, 46) == 2)
        // The palette the firmware calls standard: black, then white.
        #expect(Array(bmp[54..<62]) == [0, 0, 0, 0, 255, 255, 255, 0])
    }

    @Test func rowsAreBottomUpWithTheLeftmostPixelInTheHighBit() {
        let bmp = MonochromeBMP.encode(Self.marked)
        let lastRow = 62 + 479 * 100
        #expect(bmp[lastRow] == 0x7F, "the top row is stored last; its first pixel is black")
        #expect(bmp[62] == 0xFF && bmp[lastRow + 1] == 0xFF)
    }

    @Test func rowsArePaddedToFourBytes() {
        let image = GrayImage(width: 33, height: 2, bitDepth: 2, levels: [UInt8](repeating: 3, count: 66))
        let bmp = MonochromeBMP.encode(image)
        #expect(MonochromeBMP.rowBytes(width: 33) == 8)
        #expect(bmp.count == 62 + 16)
        #expect(Array(bmp[62..<70]) == [0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0, 0])
    }

    /// A 3 × 2 picture turned a quarter clockwise is 2 × 3 with its left column on top.
    @Test func quarterTurnsAndInversion() {
        let image = GrayImage(width: 3, height: 2, bitDepth: 2, levels: [0, 1, 2, 3, 3, 3])
        guard case .gray(let turned) = RenderedTile.gray(image).oriented(TileOrientation(degrees: 90)!) else {
            Issue.record("not grey")
            return
        }
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned.levels == [3, 0, 3, 1, 3, 2])
        guard case .gray(let upsideDown) = RenderedTile.gray(image).oriented(TileOrientation(degrees: 180, inverted: true)!) else {
            return
        }
        #expect(upsideDown.levels == [0, 0, 0, 1, 2, 3], "turned half round: [3, 3, 3, 2, 1, 0], then inverted")
        guard case .gray(let back) = RenderedTile.gray(turned).oriented(TileOrientation(degrees: 270)!) else { return }
        #expect(back == image)
    }

    /// Through PNG: a grey tile keeps its depth, and a BMP comes out of any tile PNG.
    @Test func convertingAPNGKeepsItsDepth() throws {
        let image = GrayImage(width: 8, height: 4, bitDepth: 2, levels: (0..<32).map { UInt8($0 % 4) })
        let png = try PNGEncoder().encode(image)
        let turned = try TileImageConverter.convert(png: png, orientation: TileOrientation(degrees: 270)!, file: .png)
        let decoded = try PNGDecoder().decode(turned)
        #expect(decoded.layout.width == 4 && decoded.layout.height == 8 && decoded.layout.bitDepth == 2)
        #expect(try TileImageConverter.convert(png: png, orientation: .upright, file: .png) == png)
        let bmp = try TileImageConverter.convert(png: png, orientation: .upright, file: .bmp)
        #expect(bmp.count == 62 + 4 * 4)
        #expect(throws: TileImageConverter.Failure.unreadable) {
            try TileImageConverter.convert(png: [1, 2, 3], orientation: .upright, file: .bmp)
        }
    }
}
