import NetsnapRaster

/// A node given at most `width` (and optionally a fixed height) in a stack: a status column
/// of a set share beside a list that takes the rest. Content that fills (cards) takes all
/// of `width`; content with a natural width (a column of text) takes only that, so what is
/// beside it gets the room it leaves.
struct SizedNode: TileNode {
    var content: any TileNode
    var width: Double
    var height: Double?
    var flex: TileFlex { .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        let natural = content.measure(proposedWidth: min(width, proposedWidth), canvas: canvas)
        return (natural.width, height ?? natural.height)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        content.draw(in: frame, canvas: canvas)
    }
}
