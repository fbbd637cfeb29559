extension Pixmap {
    /// Strokes a polyline. A pixel's distance to the line is its least distance to any
    /// segment, so its coverage is the most any one segment gives it: each segment is
    /// measured over its own box only and the results merged by maximum. Measuring every
    /// segment at every pixel of the whole line's box grows with points × area, which made a
    /// day-long sparkline cost more than the rest of its tile.
    mutating func fillPolyline(_ points: [Point], width strokeWidth: Double, with paint: Paint, clip: Rect?) {
        guard let first = points.first,
            let span = pixelSpan(of: Shape.polyline(points, width: strokeWidth).bounds.insetBy(dx: -1, dy: -1), clip: clip)
        else { return }
        let spanWidth = span.x1 - span.x0
        var coverage = [UInt8](repeating: 0, count: spanWidth * (span.y1 - span.y0))
        let halfWidth = strokeWidth / 2
        let reach = halfWidth + 1
        let ends = points.count == 1 ? [first] : Array(points.dropFirst())
        var start = first
        for end in ends {
            let x0 = max(span.x0, Int((min(start.x, end.x) - reach).rounded(.down)))
            let x1 = min(span.x1, Int((max(start.x, end.x) + reach).rounded(.up)))
            let y0 = max(span.y0, Int((min(start.y, end.y) - reach).rounded(.down)))
            let y1 = min(span.y1, Int((max(start.y, end.y) + reach).rounded(.up)))
            if x0 < x1 && y0 < y1 {
                for y in y0..<y1 {
                    let row = (y - span.y0) * spanWidth - span.x0
                    for x in x0..<x1 {
                        let center = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        let distance = Shape.segmentDistance(center, start, end) - halfWidth
                        guard distance < 0.5 else { continue }
                        let covered: UInt8 = distance <= -0.5 ? 255 : UInt8((0.5 - distance) * 255 + 0.5)
                        if covered > coverage[row + x] { coverage[row + x] = covered }
                    }
                }
            }
            start = end
        }
        fill(mask: Mask(width: spanWidth, height: span.y1 - span.y0, coverage: coverage), atX: span.x0, y: span.y0, with: paint)
    }
}
