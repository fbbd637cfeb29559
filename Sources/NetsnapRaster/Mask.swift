/// An 8-bit coverage image (0 = none, 255 = full), e.g. one rasterized glyph.
public struct Mask: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Coverage values row by row.
    public let coverage: [UInt8]

    /// Wraps coverage values; their count must be `width × height`.
    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "coverage count must match the size")
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}

extension Pixmap {
    /// Paints `paint` through `mask` placed with its top-left corner at pixel (x, y),
    /// optionally limited to `clip`.
    public mutating func fill(mask: Mask, atX x: Int, y: Int, with paint: Paint, clip: Rect? = nil) {
        let placed = Rect(x: Double(x), y: Double(y), width: Double(mask.width), height: Double(mask.height))
        guard let span = pixelSpan(of: placed, clip: clip) else { return }
        let sampler = PaintSampler(paint)
        let width = self.width
        var pixels = bytes.mutableSpan
        for py in span.y0..<span.y1 {
            for px in span.x0..<span.x1 {
                let coverage = UInt32(mask.coverage[(py - y) * mask.width + (px - x)])
                guard coverage > 0 else { continue }
                let color = sampler.color(x: px, y: py)
                Self.blend(&pixels, at: (py * width + px) * 4, coverage == 255 ? color : color.scaled(by: coverage))
            }
        }
    }
}
