import Testing

@testable import NetsnapRaster

/// Fills write a word a pixel and blend a translucent colour once per run of equal pixels
/// beneath; these hold them to the channel-by-channel source-over they replace.
@Suite struct RunFillTests {
    /// Premultiplied pixels in runs of one to seven equal ones, from a fixed seed.
    private static func background(width: Int, height: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var bytes: [UInt8] = []
        while bytes.count < width * height * 4 {
            let alpha = next() % 256
            let pixel = [next() % (alpha + 1), next() % (alpha + 1), next() % (alpha + 1), alpha].map { UInt8($0) }
            for _ in 0..<(1 + next() % 7) { bytes += pixel }
        }
        return Array(bytes.prefix(width * height * 4))
    }

    @Test(arguments: [0.0, 0.3, 0.5, 0.93, 1.0])
    func aTranslucentFillIsSourceOverOnEveryPixel(opacity: Double) {
        let (width, height) = (53, 9)
        let below = Self.background(width: width, height: height)
        var pixmap = Pixmap(width: width, height: height, premultipliedRGBA: below)
        let color = Color(hex: 0x3B82F6, opacity: opacity)
        pixmap.fill(.rect(pixmap.bounds), with: .solid(color))
        let source = PremultipliedColor(color)
        let channels = [source.red, source.green, source.blue, source.alpha]
        let expected = below.indices.map { index in
            UInt8(channels[index % 4] + PremultipliedColor.multiply(UInt32(below[index]), 255 - source.alpha))
        }
        #expect(pixmap.bytes == expected)
    }

    @Test func fillAllStoresTheColourAsItIs() {
        var pixmap = Pixmap(width: 7, height: 3, premultipliedRGBA: Self.background(width: 7, height: 3))
        pixmap.fillAll(with: .solid(Color(hex: 0x10B981, opacity: 0.4)))
        let stored = PremultipliedColor(Color(hex: 0x10B981, opacity: 0.4))
        let word = [stored.red, stored.green, stored.blue, stored.alpha].map { UInt8($0) }
        #expect(pixmap.bytes == Array(repeating: word, count: 21).flatMap { $0 })
    }
}
