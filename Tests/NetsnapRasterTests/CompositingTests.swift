import NetsnapRaster
import Testing

@Suite struct CompositingTests {
    @Test func halfTransparentWhiteOverBlackIsMidGrey() {
        var pixmap = Pixmap(width: 1, height: 1, fill: .black)
        pixmap.fill(.rect(pixmap.bounds), with: .solid(Color.white.withOpacity(0.5)))
        let pixel = pixmap.pixel(x: 0, y: 0)
        #expect(pixel == Color(red: 128, green: 128, blue: 128))
    }

    @Test func sourceOverOnTransparentKeepsStraightColour() {
        var pixmap = Pixmap(width: 1, height: 1)
        pixmap.fill(.rect(pixmap.bounds), with: .solid(Color(hex: 0x10B981, opacity: 0.4)))
        pixmap.fill(.rect(pixmap.bounds), with: .solid(Color(hex: 0x10B981, opacity: 0.4)))
        let pixel = pixmap.pixel(x: 0, y: 0)
        // Two 40 % layers make 64 % opacity, and the hue must not drift towards black.
        #expect(pixel.alpha == 163)
        #expect(abs(Int(pixel.red) - 0x10) <= 1 && abs(Int(pixel.green) - 0xB9) <= 1 && abs(Int(pixel.blue) - 0x81) <= 1)
    }

    @Test func linearGradientRunsBetweenItsStops() {
        var pixmap = Pixmap(width: 11, height: 1)
        let gradient = LinearGradient(
            start: Point(x: 0.5, y: 0), end: Point(x: 10.5, y: 0),
            stops: [.init(0, .black), .init(1, .white)])
        pixmap.fillAll(with: .linearGradient(gradient))
        #expect(pixmap.pixel(x: 0, y: 0) == .black)
        #expect(pixmap.pixel(x: 10, y: 0) == .white)
        #expect(abs(Int(pixmap.pixel(x: 5, y: 0).red) - 128) <= 1)
    }

    @Test func maskPaintsItsCoverage() {
        var pixmap = Pixmap(width: 3, height: 1, fill: .white)
        pixmap.fill(mask: Mask(width: 2, height: 1, coverage: [255, 0]), atX: 1, y: 0, with: .solid(.black))
        #expect(pixmap.pixel(x: 0, y: 0) == .white)
        #expect(pixmap.pixel(x: 1, y: 0) == .black)
        #expect(pixmap.pixel(x: 2, y: 0) == .white)
    }

    @Test func downsamplingAveragesArea() {
        var big = Pixmap(width: 4, height: 4)
        big.fill(.rect(Rect(x: 0, y: 0, width: 2, height: 4)), with: .solid(.black))
        let small = big.resampled(width: 2, height: 2)
        #expect(small.pixel(x: 0, y: 0) == .black)
        #expect(small.pixel(x: 1, y: 1).alpha == 0)
        let half = big.resampled(width: 1, height: 1).pixel(x: 0, y: 0)
        #expect(half.alpha == 128 && half.red == 0)
    }
}
