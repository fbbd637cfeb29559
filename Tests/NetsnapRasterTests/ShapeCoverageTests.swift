import Foundation
import NetsnapRaster
import NetsnapTestSupport
import Testing

@Suite struct ShapeCoverageTests {
    private func draw(_ shape: Shape, width: Int, height: Int, clip: Rect? = nil) -> String {
        var pixmap = Pixmap(width: width, height: height)
        pixmap.fill(shape, with: .solid(.black), clip: clip)
        return AsciiArt.render(pixmap)
    }

    @Test func pixelAlignedRectangleIsCrisp() {
        #expect(
            draw(.rect(Rect(x: 1, y: 1, width: 3, height: 2)), width: 5, height: 4) == """
                .....
                .###.
                .###.
                .....
                """)
    }

    @Test func halfPixelEdgesArePartiallyCovered() {
        #expect(
            draw(.rect(Rect(x: 0.5, y: 1, width: 3, height: 1)), width: 5, height: 3) == """
                .....
                +##+.
                .....
                """)
    }

    @Test func circleIsRoundWithSoftRim() {
        #expect(
            draw(.circle(center: Point(x: 4, y: 4), radius: 3), width: 8, height: 8) == """
                ........
                ..+##+..
                .+####+.
                .######.
                .######.
                .+####+.
                ..+##+..
                ........
                """)
    }

    @Test func roundedRectangleCutsItsCorners() {
        #expect(
            draw(.roundedRect(Rect(x: 0, y: 0, width: 8, height: 5), radius: 2), width: 8, height: 5) == """
                +######+
                ########
                ########
                ########
                +######+
                """)
    }

    @Test func innerBorderStaysInsideTheShape() {
        #expect(
            draw(.innerBorder(Rect(x: 0, y: 0, width: 6, height: 5), radius: 0, width: 1), width: 6, height: 5) == """
                ######
                #....#
                #....#
                #....#
                ######
                """)
    }

    @Test func diagonalLineIsAntiAliased() {
        #expect(
            draw(.polyline([Point(x: 0.5, y: 0.5), Point(x: 5.5, y: 5.5)], width: 1), width: 6, height: 6) == """
                #+....
                +#+...
                .+#+..
                ..+#+.
                ...+#+
                ....+#
                """)
    }

    @Test func clipLimitsDrawing() {
        #expect(
            draw(.rect(Rect(x: 0, y: 0, width: 6, height: 2)), width: 6, height: 2, clip: Rect(x: 2, y: 0, width: 2, height: 2)) == """
                ..##..
                ..##..
                """)
    }

    @Test func signedDistanceIsNegativeInside() {
        let shape = Shape.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 3)
        #expect(shape.signedDistance(to: Point(x: 5, y: 5)) == -5)
        #expect(shape.signedDistance(to: Point(x: 12, y: 5)) == 2)
    }

    /// Polylines are filled segment by segment; every pixel must still get the coverage of
    /// its distance to the whole line, with and without a clip.
    @Test(arguments: [nil, Rect(x: 8, y: 3, width: 20, height: 9)])
    func polylineCoverageIsThatOfItsNearestSegment(clip: Rect?) {
        let points = (0..<24).map { Point(x: 1.3 + Double($0) * 1.7, y: 8 + 6 * sin(Double($0) * 0.9)) } + [Point(x: 3, y: 2)]
        let shape = Shape.polyline(points, width: 1.6)
        var pixmap = Pixmap(width: 44, height: 18)
        pixmap.fill(shape, with: .solid(.black), clip: clip)
        for y in 0..<18 {
            for x in 0..<44 {
                let center = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let distance = shape.signedDistance(to: center)
                let inside = clip.map { center.x > $0.x && center.x < $0.maxX && center.y > $0.y && center.y < $0.maxY } ?? true
                let expected = !inside || distance >= 0.5 ? 0 : distance <= -0.5 ? 255 : UInt8((0.5 - distance) * 255 + 0.5)
                #expect(pixmap.bytes[(y * 44 + x) * 4 + 3] == expected, "pixel \(x), \(y)")
            }
        }
    }
}
