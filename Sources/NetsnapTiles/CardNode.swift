import NetsnapRaster

/// A glass card: translucent fill, a 1 pt border inside its edge, 20 pt corners, and
/// its content inset by the padding. It fills the frame it is given, or in a column
/// takes a fixed height when it has one.
struct CardNode: TileNode {
    var content: any TileNode
    var padding: Double = 14
    var radius: Double = 20
    var height: Double?
    var landmark: String?
    /// In a column, as tall as its content (or `height`) rather than sharing what is left.
    var fitsContent = false
    var flex: TileFlex { height == nil && !fitsContent ? .filling : .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (proposedWidth, height ?? content.measure(proposedWidth: proposedWidth - 2 * padding, canvas: canvas).height + 2 * padding)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let pixels = canvas.pixelRect(frame)
        let radius = radius * canvas.scale
        if let landmark { canvas.mark(landmark, pixels) }
        canvas.fill(.roundedRect(pixels, radius: radius), canvas.palette.cardFill)
        let border = canvas.palette.isPaper ? max(1, (1.5 * canvas.scale).rounded()) : canvas.scale
        canvas.fill(.innerBorder(pixels, radius: radius, width: border), canvas.palette.cardBorder)
        content.draw(in: frame.insetBy(dx: padding, dy: padding), canvas: canvas)
    }
}
