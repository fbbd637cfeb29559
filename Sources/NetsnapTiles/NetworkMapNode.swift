import NetsnapRaster

/// The network map on a panel: a centre card (the gateway) with six cards around it, joined
/// to it by lines — left and right of it on a landscape canvas, above and below it on a
/// portrait one. The cards are laid out here, not by stacks, because the lines run between
/// them; everything else about a card (its fill, border, words) is an ordinary node.
struct NetworkMapNode: TileNode {
    var centre: any TileNode
    /// The cards around the centre, first half on the left (or top), the rest on the right.
    var around: [any TileNode]
    var lineColor: Color
    var lineWidth = 2.0
    var gap = 8.0
    var flex: TileFlex { .filling }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (proposedWidth, 0)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let (middle, outer) = frames(in: frame)
        let from = Point(x: middle.center.x * canvas.scale, y: middle.center.y * canvas.scale)
        for card in outer {
            // To the middle of the card's edge that faces the centre.
            let target =
                frame.width >= frame.height
                ? Point(x: card.center.x < middle.center.x ? card.x + card.width : card.x, y: card.center.y)
                : Point(x: card.center.x, y: card.center.y < middle.center.y ? card.y + card.height : card.y)
            let to = Point(x: target.x * canvas.scale, y: target.y * canvas.scale)
            canvas.fill(.polyline([from, to], width: max(1, (lineWidth * canvas.scale).rounded())), lineColor)
        }
        centre.draw(in: middle, canvas: canvas)
        for (card, place) in zip(around, outer) { card.draw(in: place, canvas: canvas) }
    }

    /// The centre card's frame and the others', in `around` order.
    private func frames(in frame: Rect) -> (Rect, [Rect]) {
        let perSide = (around.count + 1) / 2
        guard perSide > 0 else { return (frame, []) }
        let landscape = frame.width >= frame.height
        // The centre's share of the long side: enough for the gateway's address, the rest to the groups.
        let along = landscape ? frame.width : frame.height
        let across = landscape ? frame.height : frame.width
        let middleLength = (along * 0.3).rounded()
        let sideLength = ((along - middleLength - 2 * gap * 2) / 2).rounded(.down)
        let slot = ((across - Double(perSide - 1) * gap) / Double(perSide)).rounded(.down)
        var outer: [Rect] = []
        for (index, _) in around.enumerated() {
            let side = index < perSide ? 0 : 1
            let position = Double(index % perSide) * (slot + gap)
            let offset = side == 0 ? 0 : along - sideLength
            outer.append(
                landscape
                    ? Rect(x: frame.x + offset, y: frame.y + position, width: sideLength, height: slot)
                    : Rect(x: frame.x + position, y: frame.y + offset, width: slot, height: sideLength))
        }
        let middleAcross = min(across, max(slot * 1.2, across * 0.45))
        let start = (along - middleLength) / 2
        let middle =
            landscape
            ? Rect(x: frame.x + start, y: frame.y + (across - middleAcross) / 2, width: middleLength, height: middleAcross)
            : Rect(x: frame.x + (across - middleAcross) / 2, y: frame.y + start, width: middleAcross, height: middleLength)
        return (middle, outer)
    }
}
