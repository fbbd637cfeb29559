extension Pixmap {
    /// Composites `image` source-over with its top-left corner at pixel (x, y),
    /// optionally limited to `clip`.
    public mutating func draw(_ image: Pixmap, atX x: Int, y: Int, clip: Rect? = nil) {
        let placed = Rect(x: Double(x), y: Double(y), width: Double(image.width), height: Double(image.height))
        guard let span = pixelSpan(of: placed, clip: clip) else { return }
        let width = self.width
        var pixels = bytes.mutableSpan
        for py in span.y0..<span.y1 {
            for px in span.x0..<span.x1 {
                let source = ((py - y) * image.width + (px - x)) * 4
                let alpha = UInt32(image.bytes[source + 3])
                guard alpha > 0 else { continue }
                Self.blend(
                    &pixels, at: (py * width + px) * 4,
                    PremultipliedColor(
                        red: UInt32(image.bytes[source]), green: UInt32(image.bytes[source + 1]),
                        blue: UInt32(image.bytes[source + 2]), alpha: alpha))
            }
        }
    }

    /// This image resampled to `newWidth × newHeight` by area averaging in premultiplied
    /// space — the right filter for shrinking a large bitmap (an emoji strike) to text
    /// size without fringes.
    public func resampled(width newWidth: Int, height newHeight: Int) -> Pixmap {
        precondition(newWidth > 0 && newHeight > 0, "target size must be positive")
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let scaleX = Double(width) / Double(newWidth)
        let scaleY = Double(height) / Double(newHeight)
        for ty in 0..<newHeight {
            let top = Double(ty) * scaleY
            let bottom = top + scaleY
            for tx in 0..<newWidth {
                let left = Double(tx) * scaleX
                let right = left + scaleX
                var sums = (0.0, 0.0, 0.0, 0.0)
                var area = 0.0
                for sy in Int(top)..<min(height, Int(bottom.rounded(.up))) {
                    let weightY = min(bottom, Double(sy + 1)) - max(top, Double(sy))
                    for sx in Int(left)..<min(width, Int(right.rounded(.up))) {
                        let weight = weightY * (min(right, Double(sx + 1)) - max(left, Double(sx)))
                        let index = (sy * width + sx) * 4
                        sums.0 += weight * Double(bytes[index])
                        sums.1 += weight * Double(bytes[index + 1])
                        sums.2 += weight * Double(bytes[index + 2])
                        sums.3 += weight * Double(bytes[index + 3])
                        area += weight
                    }
                }
                let index = (ty * newWidth + tx) * 4
                guard area > 0 else { continue }
                out[index] = UInt8(min(255, (sums.0 / area).rounded()))
                out[index + 1] = UInt8(min(255, (sums.1 / area).rounded()))
                out[index + 2] = UInt8(min(255, (sums.2 / area).rounded()))
                out[index + 3] = UInt8(min(255, (sums.3 / area).rounded()))
            }
        }
        return Pixmap(width: newWidth, height: newHeight, premultipliedRGBA: out)
    }
}
