import Foundation
import NetsnapRaster
import NetsnapTestSupport
import Testing

@testable import NetsnapPNG

@Suite struct PNGRoundTripTests {
    private let encoder = PNGEncoder()
    private let decoder = PNGDecoder()

    @Test func opaquePixmapIsWrittenAsRGB() throws {
        var pixmap = Pixmap(width: 5, height: 3, fill: Color(hex: 0x0F172A))
        pixmap.fill(.rect(Rect(x: 1, y: 1, width: 2, height: 1)), with: .solid(Color(hex: 0x10B981)))
        let decoded = try decoder.decode(try encoder.encode(pixmap))
        #expect(decoded.layout == PNGLayout(width: 5, height: 3, bitDepth: 8, colorType: .rgb))
        #expect(decoded.pixel(x: 1, y: 1) == (0x10, 0xB9, 0x81, 255))
        #expect(decoded.pixel(x: 0, y: 0) == (0x0F, 0x17, 0x2A, 255))
    }

    @Test func translucentPixmapKeepsStraightAlpha() throws {
        let pixmap = Pixmap(width: 2, height: 2, fill: Color(hex: 0xEF4444, opacity: 0.5))
        let decoded = try decoder.decode(try encoder.encode(pixmap))
        #expect(decoded.layout.colorType == .rgba)
        let pixel = decoded.pixel(x: 1, y: 1)
        #expect(pixel.alpha == 128 && abs(Int(pixel.red) - 0xEF) <= 1 && abs(Int(pixel.green) - 0x44) <= 1)
    }

    @Test(arguments: [1, 2, 4, 8])
    func greyImagesUseTheirBitDepth(bitDepth: Int) throws {
        let maxLevel = UInt8((1 << bitDepth) - 1)
        let levels = (0..<(11 * 3)).map { UInt8($0 % (Int(maxLevel) + 1)) }
        let image = GrayImage(width: 11, height: 3, bitDepth: bitDepth, levels: levels)
        let decoded = try decoder.decode(try encoder.encode(image))
        #expect(decoded.layout == PNGLayout(width: 11, height: 3, bitDepth: bitDepth, colorType: .gray))
        for (index, level) in levels.enumerated() {
            let expected = UInt8(Int(level) * 255 / Int(maxLevel))
            #expect(decoded.rgba[index * 4] == expected, "pixel \(index)")
        }
    }

    /// Packed a byte at a time, 1-bit rows eight pixels in one word: every pixel of random
    /// levels comes back, for widths that fill their last byte and widths that do not.
    @Test(arguments: [1, 2, 4], [1, 7, 8, 9, 16, 61, 800])
    func randomLevelsComeBackAtEveryWidth(bitDepth: Int, width: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let levels = (0..<(width * 5)).map { _ in UInt8.random(in: 0...UInt8((1 << bitDepth) - 1), using: &generator) }
        let decoded = try decoder.decode(try encoder.encode(GrayImage(width: width, height: 5, bitDepth: bitDepth, levels: levels)))
        let scale = 255 / ((1 << bitDepth) - 1)
        #expect(levels.indices.allSatisfy { Int(decoded.rgba[$0 * 4]) == Int(levels[$0]) * scale })
    }

    /// Opaque pixels go in with their alpha byte and leave as RGB, four bytes stored at a time
    /// but the last of each row: random colours come back whole, through both deflaters, for
    /// one-pixel rows, odd widths and a tile's.
    @Test(arguments: [1, 2, 3, 61, 338])
    func randomOpaquePixelsComeBackAtEveryWidth(width: Int) throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<(width * 7 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for alpha in stride(from: 3, to: bytes.count, by: 4) { bytes[alpha] = 255 }
        let pixmap = Pixmap(width: width, height: 7, premultipliedRGBA: bytes)
        for compression in [PNGCompression.tuned, .zlib(filter: .none, level: 6, strategy: .standard)] {
            let png = try PNGEncoder(compression: compression).encode(pixmap)
            let decoded = try decoder.decode(png)
            #expect(decoded.layout == PNGLayout(width: width, height: 7, bitDepth: 8, colorType: .rgb))
            #expect(decoded.rgba == bytes)
            // libdeflate's scanlines are made in the pixmap's memory: one still shared is copied.
            #expect(pixmap.bytes == bytes, "the caller's pixmap is left as it was")
            let handedOver = Pixmap(width: width, height: 7, premultipliedRGBA: bytes.map { $0 })
            #expect(try PNGEncoder(compression: compression).encode(handedOver) == png)
        }
    }

    /// RGBX rows become scanlines where they lie: the same buffer, each row's filter byte 0 and
    /// three bytes a pixel, though the top row's first scanline bytes cover its first pixel.
    @Test(arguments: [1, 2, 3, 4, 5, 61], [1, 2, 7])
    func opaqueRowsBecomeScanlinesInPlace(width: Int, height: Int) {
        let bytes = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var expected: [UInt8] = []
        for y in 0..<height {
            expected.append(0)
            for x in 0..<width { expected += bytes[(y * width + x) * 4..<(y * width + x) * 4 + 3] }
        }
        var rows = bytes.map { $0 }
        let before = rows.withUnsafeBufferPointer { $0.baseAddress }
        LibdeflateImageData.stripFillersInPlace(&rows, width: width, height: height)
        #expect(rows == expected)
        #expect(rows.withUnsafeBufferPointer { $0.baseAddress } == before)
    }

    /// One pixel short of opaque, wherever it is, keeps the alpha channel; made opaque, it goes.
    @Test(arguments: [0, 17, 39])
    func onePixelShortOfOpaqueIsRGBA(index: Int) throws {
        let pixel = { (at: Int) in Rect(x: Double(at % 8), y: Double(at / 8), width: 1, height: 1) }
        var pixmap = Pixmap(width: 8, height: 5, fill: Color(hex: 0x10B981, opacity: 0.5))
        for other in 0..<40 where other != index { pixmap.fill(.rect(pixel(other)), with: .solid(.white)) }
        #expect(!pixmap.isOpaque)
        #expect(try decoder.decode(try encoder.encode(pixmap)).layout.colorType == .rgba)
        pixmap.fill(.rect(pixel(index)), with: .solid(.white))
        #expect(pixmap.isOpaque)
        #expect(try decoder.decode(try encoder.encode(pixmap)).layout.colorType == .rgb)
    }

    @Test func bothDeflatersDecodeToTheSamePixels() throws {
        var opaque = Pixmap(width: 37, height: 23, fill: Color(hex: 0x0F172A))
        opaque.fill(.circle(center: Point(x: 18, y: 11), radius: 9), with: .solid(Color(hex: 0x06B6D4)))
        var translucent = Pixmap(width: 37, height: 23, fill: Color(hex: 0xEF4444, opacity: 0.5))
        translucent.fill(.circle(center: Point(x: 18, y: 11), radius: 9), with: .solid(Color(hex: 0x10B981)))
        let zlib = PNGCompression.zlib(filter: .none, level: 6, strategy: .standard)
        let libdeflate = PNGCompression.libdeflate(level: 6)
        let viaZlib = PNGEncoder(compression: zlib, grayCompression: zlib)
        let viaLibdeflate = PNGEncoder(compression: libdeflate, grayCompression: libdeflate)
        var pairs = [opaque, translucent].map { (try? viaZlib.encode($0), try? viaLibdeflate.encode($0)) }
        for bitDepth in [1, 2, 4, 8] {
            let grey = opaque.grayscale(bitDepth: bitDepth, dithering: .ordered)
            pairs.append((try? viaZlib.encode(grey), try? viaLibdeflate.encode(grey)))
        }
        for (expected, actual) in pairs {
            let zlibImage = try decoder.decode(try #require(expected))
            let libdeflateImage = try decoder.decode(try #require(actual))
            #expect(zlibImage.layout == libdeflateImage.layout)
            #expect(zlibImage.rgba == libdeflateImage.rgba)
        }
    }

    @Test func textChunksAreStored() throws {
        let chunks = [
            PNGTextChunk(keyword: "Software", text: "netsnap"),
            PNGTextChunk(keyword: "Creation Time", text: "2026-11-21T10:42:07Z"),
        ]
        let decoded = try decoder.decode(try encoder.encode(Pixmap(width: 1, height: 1, fill: .white), text: chunks))
        #expect(decoded.text == chunks)
    }

    @Test func nonLatin1TextIsRefused() {
        #expect(throws: PNGError.invalidTextChunk("Title")) {
            try encoder.encode(Pixmap(width: 1, height: 1), text: [PNGTextChunk(keyword: "Title", text: "🏠")])
        }
    }

    @Test func garbageIsAnError() {
        #expect(throws: PNGError.self) { try decoder.decode([1, 2, 3]) }
        var truncated = try! encoder.encode(Pixmap(width: 40, height: 40, fill: .white))
        truncated.removeLast(30)
        #expect(throws: PNGError.self) { try decoder.decode(truncated) }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pngcheck")))
    func everyFormatPassesPngcheck() throws {
        var gradient = Pixmap(width: 64, height: 32)
        gradient.fillAll(
            with: .linearGradient(
                LinearGradient(
                    start: Point(x: 0, y: 0), end: Point(x: 64, y: 32),
                    stops: [.init(0, Color(hex: 0x0F172A)), .init(1, Color(hex: 0x1E3A8A, opacity: 0.5))])))
        let files = [
            try encoder.encode(gradient, text: [PNGTextChunk(keyword: "Software", text: "netsnap")]),
            try encoder.encode(gradient.grayscale(bitDepth: 1, dithering: .ordered)),
            try encoder.encode(gradient.grayscale(bitDepth: 2, dithering: .floydSteinberg)),
        ]
        for bytes in files {
            #expect(try PNGCheck.exitStatus(of: bytes, name: "pngcheck") == 0)
        }
    }
}
