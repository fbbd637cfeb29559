extension Pixmap {
    /// Fills `shape` with `paint`, anti-aliased, composited source-over, optionally
    /// limited to `clip` (in pixels).
    public mutating func fill(_ shape: Shape, with paint: Paint, clip: Rect? = nil) {
        guard let span = pixelSpan(of: shape.bounds.insetBy(dx: -1, dy: -1), clip: clip) else { return }
        let sampler = PaintSampler(paint)
        for y in span.y0..<span.y1 {
            let centerY = Double(y) + 0.5
            for x in span.x0..<span.x1 {
                let distance = shape.signedDistance(to: Point(x: Double(x) + 0.5, y: centerY))
                guard distance < 0.5 else { continue }
                let coverage = distance <= -0.5 ? 255 : UInt32(((0.5 - distance) * 255).rounded())
                let color = sampler.color(x: x, y: y)
                blend(at: (y * width + x) * 4, coverage == 255 ? color : color.scaled(by: coverage))
            }
        }
    }

    /// Fills the whole pixmap with `paint`, replacing what was there.
    public mutating func fillAll(with paint: Paint) {
        let sampler = PaintSampler(paint)
        for y in 0..<height {
            for x in 0..<width {
                let color = sampler.color(x: x, y: y)
                let index = (y * width + x) * 4
                bytes[index] = UInt8(color.red)
                bytes[index + 1] = UInt8(color.green)
                bytes[index + 2] = UInt8(color.blue)
                bytes[index + 3] = UInt8(color.alpha)
            }
        }
    }
}
