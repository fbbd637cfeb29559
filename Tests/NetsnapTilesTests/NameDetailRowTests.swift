import NetsnapRaster
import Testing

@testable import NetsnapTiles

/// A device's name starts where rows start and its detail sits across from it: on the left
/// and right in English, swapped on a mirrored canvas (Arabic, Hebrew), as every other row of
/// a mirrored tile is.
@Suite struct NameDetailRowTests {
    private static let red = Color(red: 255, green: 0, blue: 0)
    private static let blue = Color(red: 0, green: 0, blue: 255)

    /// The first and last columns holding ink of `color` (its strongest channel over 128).
    private func columns(of color: Color, in pixmap: Pixmap) -> ClosedRange<Int>? {
        var found: [Int] = []
        for x in 0..<pixmap.width {
            for y in 0..<pixmap.height {
                let pixel = pixmap.pixel(x: x, y: y)
                let hit = color == Self.red ? pixel.red > 128 && pixel.blue < 100 : pixel.blue > 128 && pixel.red < 100
                if hit {
                    found.append(x)
                    break
                }
            }
        }
        guard let first = found.first, let last = found.last else { return nil }
        return first...last
    }

    private func draw(mirrored: Bool) -> Pixmap {
        let canvas = TileCanvas(
            width: 300, height: 24, fonts: TileFixtures.renderer.fonts, palette: .make(.light, paper: true), scale: 1,
            monochrome: false)
        canvas.mirrored = mirrored
        NameDetailRow(
            name: TextNode(text: "Hall Light", font: .body, color: Self.red, flex: .fixed),
            detail: TextNode(text: "192.168.1.61", font: .body, color: Self.blue, flex: .fixed)
        ).draw(in: Rect(x: 0, y: 0, width: 300, height: 24), canvas: canvas)
        return canvas.pixmap
    }

    @Test func theNameLeadsAndTheDetailTrailsOnEitherSide() throws {
        let plain = draw(mirrored: false)
        let plainName = try #require(columns(of: Self.red, in: plain))
        let plainDetail = try #require(columns(of: Self.blue, in: plain))
        #expect(plainName.lowerBound < 10 && plainDetail.upperBound > 290 && plainName.upperBound < plainDetail.lowerBound)
        let mirrored = draw(mirrored: true)
        let name = try #require(columns(of: Self.red, in: mirrored))
        let detail = try #require(columns(of: Self.blue, in: mirrored))
        #expect(name.upperBound > 290 && detail.lowerBound < 10 && detail.upperBound < name.lowerBound)
    }
}
