import NetsnapRaster

/// A row a column can do without: where the column's children do not all fit, it leaves
/// these out (the last first) before anything else, so a detail gives way and the footer
/// with the data's age never does.
struct DispensableNode: TileNode {
    var content: any TileNode
    var flex: TileFlex { .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        content.measure(proposedWidth: proposedWidth, canvas: canvas)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        content.draw(in: frame, canvas: canvas)
    }
}
