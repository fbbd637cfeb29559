import NetsnapRaster

/// A name and, on the trailing side, a detail that shows only where both fit whole: the
/// name is what tells rows apart, so it keeps the row's width and is cut only when it alone
/// is too wide; the detail (an address, a device kind) gives way first. A mirrored canvas
/// (Arabic, Hebrew) puts the name on the right and the detail on the left.
struct NameDetailRow: TileNode {
    var name: TextNode
    var detail: TextNode
    var spacing = 8.0
    var flex: TileFlex { .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (proposedWidth, max(name.font.lineHeight, detail.font.lineHeight))
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let nameWidth = name.measure(proposedWidth: .infinity, canvas: canvas).width
        let detailWidth = detail.measure(proposedWidth: .infinity, canvas: canvas).width
        guard nameWidth + spacing + detailWidth <= frame.width else {
            name.draw(in: frame, canvas: canvas)
            return
        }
        let (nameX, detailX) =
            canvas.mirrored ? (frame.maxX - nameWidth, frame.x) : (frame.x, frame.maxX - detailWidth)
        name.draw(in: Rect(x: nameX, y: frame.y, width: nameWidth, height: frame.height), canvas: canvas)
        detail.draw(in: Rect(x: detailX, y: frame.y, width: detailWidth, height: frame.height), canvas: canvas)
    }
}
