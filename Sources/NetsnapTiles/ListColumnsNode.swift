import NetsnapRaster

/// The rows of a list in one column, or in two where that is allowed and one does not hold
/// them, with "+ N more" in the last place when even those cannot hold them all. Rows are
/// measured at the width their column gets, so one with wrapped lines under it (a down
/// target's reason) takes the room of two or three and the list still never overflows.
struct ListColumnsNode: TileNode {
    var rows: [any TileNode]
    /// Items the list has no row for (the widgets listed only the first), counted in "+ N more".
    var unlisted: Int
    var allowsTwoColumns: Bool
    /// The "+ N more" line for a count.
    var more: (Int) -> any TileNode
    var flex: TileFlex { .filling }

    private static let rowSpacing = 2.0
    private static let columnSpacing = 16.0

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (proposedWidth, 0)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let columns = columns(width: frame.width, height: frame.height, canvas: canvas).map { column in
            StackNode.column(spacing: Self.rowSpacing, column + [SpacerNode()])
        }
        let body: any TileNode = columns.count == 1 ? columns[0] : StackNode.row(spacing: Self.columnSpacing, columns, flex: .filling)
        body.draw(in: frame, canvas: canvas)
    }

    /// The nodes of each column: every row in one column if it holds them, else in as many
    /// columns as allowed, else as many rows as fit before "+ N more".
    private func columns(width: Double, height: Double, canvas: TileCanvas) -> [[any TileNode]] {
        if unlisted == 0, let one = pack(heights(rows, width: width, canvas: canvas), columns: 1, height: height) {
            return one.map { $0.map { rows[$0] } }
        }
        let count = allowsTwoColumns ? 2 : 1
        let columnWidth = count == 1 ? width : (width - Self.columnSpacing) / 2
        let rowHeights = heights(rows, width: columnWidth, canvas: canvas)
        // Measured at a column's width, so drawn at it: a column left empty keeps its place.
        let padding = { (packed: [[any TileNode]]) in packed + Array(repeating: [], count: count - packed.count) }
        if unlisted == 0, let packed = pack(rowHeights, columns: count, height: height) {
            return padding(packed.map { $0.map { rows[$0] } })
        }
        for shown in stride(from: unlisted == 0 ? rows.count - 1 : rows.count, through: 0, by: -1) {
            let line = more(rows.count + unlisted - shown)
            let lineHeight = line.measure(proposedWidth: columnWidth, canvas: canvas).height
            guard let packed = pack(Array(rowHeights[..<shown]) + [lineHeight], columns: count, height: height) else { continue }
            return padding(packed.map { $0.map { $0 < shown ? rows[$0] : line } })
        }
        return padding([[more(rows.count + unlisted)]])
    }

    private func heights(_ nodes: [any TileNode], width: Double, canvas: TileCanvas) -> [Double] {
        nodes.map { $0.measure(proposedWidth: width, canvas: canvas).height }
    }

    /// Rows `heights` tall, in order, filling each of `columns` columns `height` points tall
    /// before the next (each row with the spacing after it, as a column with a closing
    /// spacer draws them); nil when they do not all fit.
    private func pack(_ heights: [Double], columns: Int, height: Double) -> [[Int]]? {
        var packed: [[Int]] = [[]]
        var used = 0.0
        for (index, rowHeight) in heights.enumerated() {
            if used + rowHeight + Self.rowSpacing > height + 0.5, !packed[packed.count - 1].isEmpty {
                guard packed.count < columns else { return nil }
                packed.append([])
                used = 0
            }
            guard used + rowHeight + Self.rowSpacing <= height + 0.5 else { return nil }
            packed[packed.count - 1].append(index)
            used += rowHeight + Self.rowSpacing
        }
        return packed
    }
}
