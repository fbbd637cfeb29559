/// A rectangle on the map, in the drawing's units (the SVG's viewBox): where a group's box,
/// a node or a label's text goes.
struct MapRect: Equatable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// True when the two share some area (touching edges do not count).
    func overlaps(_ other: MapRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
