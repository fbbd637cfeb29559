/// A filled region described geometrically, independent of any pixmap.
///
/// Every shape answers the signed distance from a point to its edge (negative inside),
/// which gives analytic anti-aliasing: a pixel's coverage is `0.5 − distance` clamped to
/// 0…1, the box-filtered area for edges that are straight across the pixel.
public indirect enum Shape: Sendable, Hashable {
    /// An axis-aligned rectangle.
    case rect(Rect)
    /// A rectangle with circular corners of the given radius.
    case roundedRect(Rect, radius: Double)
    /// A disc.
    case circle(center: Point, radius: Double)
    /// Connected segments of the given width with round joins and caps; two points make a line.
    case polyline([Point], width: Double)
    /// A band of the given width centred on another shape's edge.
    case outline(Shape, width: Double)

    /// A stroke of `width` lying just inside the edge of a rounded rectangle, as a CSS
    /// border does, so the border never reaches outside the shape.
    public static func innerBorder(_ rect: Rect, radius: Double, width: Double) -> Shape {
        .outline(
            .roundedRect(rect.insetBy(dx: width / 2, dy: width / 2), radius: max(0, radius - width / 2)),
            width: width)
    }

    /// The rectangle outside which coverage is zero.
    public var bounds: Rect {
        switch self {
        case .rect(let rect), .roundedRect(let rect, _):
            return rect
        case .circle(let center, let radius):
            return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        case .polyline(let points, let width):
            guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            var minX = first.x
            var minY = first.y
            var maxX = first.x
            var maxY = first.y
            for point in points {
                minX = min(minX, point.x)
                minY = min(minY, point.y)
                maxX = max(maxX, point.x)
                maxY = max(maxY, point.y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
                .insetBy(dx: -width / 2, dy: -width / 2)
        case .outline(let shape, let width):
            return shape.bounds.insetBy(dx: -width / 2, dy: -width / 2)
        }
    }

    /// Signed distance from `point` to the shape's edge: negative inside, positive outside.
    public func signedDistance(to point: Point) -> Double {
        switch self {
        case .rect(let rect):
            return Self.roundedRectDistance(point, rect, radius: 0)
        case .roundedRect(let rect, let radius):
            return Self.roundedRectDistance(point, rect, radius: min(radius, rect.width / 2, rect.height / 2))
        case .circle(let center, let radius):
            return (point - center).length - radius
        case .polyline(let points, let width):
            guard let first = points.first else { return .infinity }
            var nearest = (point - first).length
            for index in points.indices.dropFirst() {
                nearest = min(nearest, Self.segmentDistance(point, points[index - 1], points[index]))
            }
            return nearest - width / 2
        case .outline(let shape, let width):
            return abs(shape.signedDistance(to: point)) - width / 2
        }
    }

    /// Exact distance to a rounded rectangle: fold the point into the first quadrant of the
    /// centred box, then measure to the inner box grown by the radius.
    private static func roundedRectDistance(_ point: Point, _ rect: Rect, radius: Double) -> Double {
        let qx = abs(point.x - rect.center.x) - (rect.width / 2 - radius)
        let qy = abs(point.y - rect.center.y) - (rect.height / 2 - radius)
        let outside = Point(x: max(qx, 0), y: max(qy, 0)).length
        return outside + min(max(qx, qy), 0) - radius
    }

    static func segmentDistance(_ point: Point, _ start: Point, _ end: Point) -> Double {
        let direction = end - start
        let lengthSquared = direction.dot(direction)
        guard lengthSquared > 0 else { return (point - start).length }
        let t = min(max((point - start).dot(direction) / lengthSquared, 0), 1)
        return (point - (start + direction * t)).length
    }
}
