import NetsnapRaster

/// Empty space: a fixed gap, or (filling) whatever a stack has left over.
struct SpacerNode: TileNode {
    var length: Double = 0
    var flex: TileFlex = .filling

    static func gap(_ length: Double) -> SpacerNode { SpacerNode(length: length, flex: .fixed) }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (length, length)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {}
}
