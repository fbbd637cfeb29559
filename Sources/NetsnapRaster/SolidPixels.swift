/// The pixels of a pixmap that reducing it to a few greys must keep solid — rounded to the
/// nearest level, never dithered, and left out of error diffusion: where text was drawn.
/// A dithered letter edge or emoji is grey noise on e-ink; a rounded one stays a letter.
public struct SolidPixels: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    private var flags: [Bool]

    /// No pixel marked yet, for a pixmap of `width × height`.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        flags = [Bool](repeating: false, count: self.width * self.height)
    }

    /// Whether the pixel at (`x`, `y`) is marked; pixels outside are not.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height && flags[y * width + x]
    }

    /// Marks every pixel `mask` covers at all, placed with its top-left corner at (x, y),
    /// within `clip` when given.
    public mutating func mark(_ mask: Mask, atX x: Int, y: Int, clip: Rect? = nil) {
        var area = Rect(x: Double(x), y: Double(y), width: Double(mask.width), height: Double(mask.height))
            .intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        if let clip { area = area.intersection(clip) }
        guard !area.isEmpty else { return }
        let x0 = Int(area.x.rounded(.down))
        let y0 = Int(area.y.rounded(.down))
        let x1 = Int(area.maxX.rounded(.up))
        let y1 = Int(area.maxY.rounded(.up))
        for py in y0..<y1 {
            for px in x0..<x1 where mask.coverage[(py - y) * mask.width + (px - x)] > 0 {
                flags[py * width + px] = true
            }
        }
    }
}
