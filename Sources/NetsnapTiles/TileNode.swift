import NetsnapRaster

/// How a node shares space along a row or column with its siblings.
enum TileFlex {
    /// Keeps its natural size.
    case fixed
    /// Natural size when there is room, less (truncated) when there is not.
    case shrinking
    /// Takes an equal part of whatever is left.
    case filling
}

/// The two-method contract every layout node keeps, after Pixlet's widgets: measure at
/// a proposed width, then draw into the frame it was given. Both in points.
protocol TileNode {
    var flex: TileFlex { get }
    /// Natural width (at most `proposedWidth` for shrinking nodes) and height.
    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double)
    func draw(in frame: Rect, canvas: TileCanvas)
}
