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

    /// The box of one line of text `width` wide at `fontSize`, centred on `centreX` with its
    /// baseline at `baseline`: a sans serif's ascent above, its descent below.
    static func text(centreX: Double, baseline: Double, width: Double, fontSize: Double) -> MapRect {
        MapRect(x: centreX - width / 2, y: baseline - 0.95 * fontSize, width: width, height: 1.2 * fontSize)
    }

    /// True when the two share some area (touching edges do not count).
    func overlaps(_ other: MapRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
