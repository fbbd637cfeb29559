import NetsnapRaster
import NetsnapTiles
import Testing

/// An SSID with emoji on 1- and 2-bit panels: the emoji are crisp outlines in the ink, the
/// same whatever the dithering, never a grey dithered blob.
@Suite struct TileEInkEmojiTests {
    private static let profiles: [DisplayProfile] = [
        .trmnl, .trmnlGray, .custom(width: 400, height: 300, format: .gray(bitDepth: 1)),
        .custom(width: 640, height: 384, format: .gray(bitDepth: 2)),
    ]

    private func gray(_ ssid: String, _ profile: DisplayProfile, _ dithering: Dithering) -> GrayImage? {
        let request = TileRequest(target: .display(profile), theme: .light, timeZone: TileFixtures.utc, dithering: dithering)
        let widgets = TileFixtures.widgets(TileFixtures.snapshot(ssid: ssid))
        guard case .gray(let image) = TileFixtures.renderer.render(widgets, request: request, now: TileFixtures.freshNow) else {
            return nil
        }
        return image
    }

    /// The smallest box holding every pixel where the two images differ.
    private func differingBox(_ one: GrayImage, _ other: GrayImage) -> (x: Range<Int>, y: Range<Int>)? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<one.height {
            for x in 0..<one.width where one.level(x: x, y: y) != other.level(x: x, y: y) {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX..<(maxX + 1), minY..<(maxY + 1))
    }

    @Test(arguments: profiles)
    func emojiInTheNetworkNameAreNotDithered(profile: DisplayProfile) throws {
        let plain = try #require(gray("Café", profile, .none))
        for dithering in [Dithering.ordered, .floydSteinberg] {
            let withEmoji = try #require(gray("Café ☕ 📶", profile, dithering))
            let rounded = try #require(gray("Café ☕ 📶", profile, .none))
            // Where the emoji were drawn: all that differs from the name without them.
            let box = try #require(differingBox(plain, rounded), "the emoji should show")
            #expect(box.x.count >= 10 && box.y.count >= 6, "\(box)")
            var ink = 0
            var isolated = 0
            let inkLevel = 0
            let paperLevel = (1 << withEmoji.bitDepth) - 1
            for y in box.y {
                for x in box.x {
                    let level = withEmoji.level(x: x, y: y)
                    #expect(level == rounded.level(x: x, y: y), "\(dithering) changed (\(x), \(y)) in the emoji")
                    guard level == inkLevel else { continue }
                    ink += 1
                    let neighbours = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)]
                    // Alone on bare paper: a dot of dithering. (On 2 bits a thin stroke rounds to ink
                    // beside its greys, which is an outline, not noise.)
                    if neighbours.allSatisfy({ withEmoji.level(x: x + $0.0, y: y + $0.1) == paperLevel }) { isolated += 1 }
                }
            }
            #expect(ink > 20, "\(profile) \(dithering): only \(ink) ink pixels in the emoji")
            #expect(isolated == 0, "\(profile) \(dithering): \(isolated) lone ink pixels in the emoji: dithering noise")
            if withEmoji.bitDepth == 1 {
                #expect(box.y.allSatisfy { y in box.x.allSatisfy { [inkLevel, paperLevel].contains(withEmoji.level(x: $0, y: y)) } })
            }
        }
    }
}
