/// An axis-aligned rectangle in pixel (or point) space.
public struct Rect: Sendable, Hashable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Extent to the right; never negative for rectangles made by this module.
    public var width: Double
    /// Extent downwards.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The centre point.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    /// True when the rectangle encloses no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The rectangle moved inwards by `dx` on the left and right and `dy` at top and bottom
    /// (outwards for negative amounts).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The rectangle with every coordinate multiplied by `factor`, e.g. points to pixels.
    public func scaled(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    /// The overlap of two rectangles, empty (zero size) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// True when `other` lies entirely inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}
