import NetsnapRaster
import NetsnapTestSupport
import Testing

@Suite struct GrayQuantizationTests {
    private func ramp(width: Int, height: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        let gradient = LinearGradient(
            start: Point(x: 0, y: 0), end: Point(x: Double(width), y: 0), stops: [.init(0, .black), .init(1, .white)])
        pixmap.fillAll(with: .linearGradient(gradient))
        return pixmap
    }

    @Test func flatColoursStaySolidUnderOrderedDithering() {
        var pixmap = Pixmap(width: 8, height: 2, fill: .white)
        pixmap.fill(.rect(Rect(x: 2, y: 0, width: 3, height: 2)), with: .solid(.black))
        #expect(
            AsciiArt.render(pixmap.grayscale(bitDepth: 1, dithering: .ordered)) == """
                11000111
                11000111
                """)
    }

    @Test func orderedDitheringMakesAHalfToneCheckerboard() {
        let grey = Pixmap(width: 4, height: 4, fill: Color(red: 128, green: 128, blue: 128))
        let image = grey.grayscale(bitDepth: 1, dithering: .ordered)
        #expect(
            AsciiArt.render(image) == """
                1010
                0101
                1010
                0101
                """)
    }

    @Test func ditheringKeepsTheAverageTone() {
        for method in [Dithering.ordered, .floydSteinberg] {
            let image = ramp(width: 64, height: 16).grayscale(bitDepth: 1, dithering: method)
            let leftWhite = (0..<16).flatMap { y in (0..<16).map { image.level(x: $0, y: y) } }.reduce(0, +)
            let rightWhite = (0..<16).flatMap { y in (48..<64).map { image.level(x: $0, y: y) } }.reduce(0, +)
            #expect(leftWhite < 64, "\(method): dark end should be mostly black")
            #expect(rightWhite > 192, "\(method): light end should be mostly white")
        }
    }

    @Test func twoBitGreyHasFourLevels() {
        let image = ramp(width: 256, height: 1).grayscale(bitDepth: 2, dithering: .none)
        #expect(Set(image.levels) == [0, 1, 2, 3])
        #expect(image.maxLevel == 3)
    }
}
