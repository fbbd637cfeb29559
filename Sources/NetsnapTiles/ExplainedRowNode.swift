import NetsnapRaster

/// A row and, when its last child cannot show its text whole beside the rest (a down
/// target's reason, which then says "Down"), that text in full on wrapped lines under the
/// row, indented to start under the name, so a display says why a target is down in any
/// language.
struct ExplainedRowNode: TileNode {
    var row: StackNode
    /// The row's last child.
    var figure: TextNode
    var explanation: WrappedTextNode
    /// How far the explanation is indented from the row's leading edge (points).
    var indent: Double
    var flex: TileFlex { .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        let size = row.measure(proposedWidth: proposedWidth, canvas: canvas)
        guard needsExplanation(width: proposedWidth, canvas: canvas) else { return size }
        let below = explanation.measure(proposedWidth: proposedWidth - indent, canvas: canvas).height
        return (size.width, size.height + below)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let rowHeight = row.measure(proposedWidth: frame.width, canvas: canvas).height
        row.draw(in: Rect(x: frame.x, y: frame.y, width: frame.width, height: rowHeight), canvas: canvas)
        guard needsExplanation(width: frame.width, canvas: canvas) else { return }
        explanation.draw(
            in: Rect(
                x: canvas.mirrored ? frame.x : frame.x + indent, y: frame.y + rowHeight, width: frame.width - indent,
                height: frame.height - rowHeight), canvas: canvas)
    }

    /// True when the row shows a shorter form of the figure's text (or a cut one).
    private func needsExplanation(width: Double, canvas: TileCanvas) -> Bool {
        !figure.showsWholeText(proposedWidth: row.childProposedWidth(width), canvas: canvas)
    }
}
