extension Shape {
    /// The horizontal interval covered by this shape grown by `delta` (shrunk when
    /// negative) on the line at height `y`, or nil when the line misses it.
    ///
    /// This is what lets filling skip the distance function: pixels whose centres lie
    /// inside the shape shrunk by half a pixel are fully covered, pixels outside the
    /// shape grown by half a pixel are not covered at all, and only the thin band
    /// between needs the exact distance. Polylines answer with their bounding box, and
    /// nil when shrunk, which is always safe.
    func extent(atY y: Double, grownBy delta: Double) -> (lower: Double, upper: Double)? {
        switch self {
        case .rect(let rect):
            return Self.roundedExtent(rect, radius: 0, y: y, delta: delta)
        case .roundedRect(let rect, let radius):
            return Self.roundedExtent(rect, radius: min(radius, rect.width / 2, rect.height / 2), y: y, delta: delta)
        case .circle(let center, let radius):
            let grown = radius + delta
            let dy = y - center.y
            guard grown > 0, abs(dy) <= grown else { return nil }
            let half = (grown * grown - dy * dy).squareRoot()
            return (center.x - half, center.x + half)
        case .polyline:
            guard delta >= 0 else { return nil }
            let box = bounds.insetBy(dx: -delta, dy: -delta)
            return y >= box.y && y <= box.maxY ? (box.x, box.maxX) : nil
        case .outline(let shape, let width):
            // Only the outer boundary; the hole is the inner shape shrunk by half the width.
            guard delta >= 0 else { return nil }
            return shape.extent(atY: y, grownBy: delta + width / 2)
        }
    }

    private static func roundedExtent(_ rect: Rect, radius: Double, y: Double, delta: Double) -> (lower: Double, upper: Double)? {
        let halfWidth = rect.width / 2 + delta
        let halfHeight = rect.height / 2 + delta
        // Growing rounds sharp corners by `delta`; shrinking keeps them sharp once the radius is used up.
        let cornerRadius = max(0, radius + delta)
        let dy = abs(y - rect.center.y)
        guard halfWidth > 0, halfHeight > 0, dy <= halfHeight else { return nil }
        let into = dy - (halfHeight - cornerRadius)
        let half =
            into <= 0 ? halfWidth : halfWidth - cornerRadius + max(0, cornerRadius * cornerRadius - into * into).squareRoot()
        return (rect.center.x - half, rect.center.x + half)
    }
}
