import NetsnapRaster

/// A node given a fixed width (and optionally height) in a stack, whatever it would take
/// on its own: a status column of a set share beside a list that takes the rest.
struct SizedNode: TileNode {
    var content: any TileNode
    var width: Double
    var height: Double?
    var flex: TileFlex { .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        let width = min(width, proposedWidth)
        return (width, height ?? content.measure(proposedWidth: width, canvas: canvas).height)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        content.draw(in: frame, canvas: canvas)
    }
}
