import NetsnapRaster

/// A row or a column: one engine for both axes. Fixed children get their natural size,
/// shrinking ones (text) share what remains and truncate, filling ones (spacers, cards)
/// split the rest. Cross-axis: filling children span the whole frame, others are centred
/// in a row and stretched to the width in a column. A column whose children do not all
/// fit leaves out the ones that would cross its bottom edge, so nothing overflows a card.
struct StackNode: TileNode {
    enum Axis {
        case horizontal
        case vertical
    }

    var axis: Axis
    var spacing: Double
    var children: [any TileNode]
    var flex: TileFlex = .filling

    static func row(spacing: Double = 6, _ children: [any TileNode], flex: TileFlex = .fixed) -> StackNode {
        StackNode(axis: .horizontal, spacing: spacing, children: children, flex: flex)
    }

    static func column(spacing: Double = 4, _ children: [any TileNode], flex: TileFlex = .filling) -> StackNode {
        StackNode(axis: .vertical, spacing: spacing, children: children, flex: flex)
    }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        let gaps = spacing * Double(max(0, children.count - 1))
        switch axis {
        case .horizontal:
            let widths = allocateWidths(proposedWidth, canvas: canvas)
            let height = zip(children, widths).map { $0.measure(proposedWidth: $1, canvas: canvas).height }.max() ?? 0
            return (min(proposedWidth, widths.reduce(0, +) + gaps), height)
        case .vertical:
            let sizes = children.map { $0.measure(proposedWidth: proposedWidth, canvas: canvas) }
            let height = zip(children, sizes).reduce(0) { $0 + ($1.0.flex == .filling ? 0 : $1.1.height) }
            return (sizes.map(\.width).max() ?? 0, height + gaps)
        }
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        switch axis {
        case .horizontal:
            let widths = allocateWidths(frame.width, canvas: canvas, distributeRest: true)
            var x = frame.x
            for (child, width) in zip(children, widths) {
                let height = child.flex == .filling ? frame.height : child.measure(proposedWidth: width, canvas: canvas).height
                // Mirrored, the first child takes the right edge: the same offsets from the other side.
                let left = canvas.mirrored ? frame.maxX - (x - frame.x) - width : x
                child.draw(in: Rect(x: left, y: frame.y + (frame.height - height) / 2, width: width, height: height), canvas: canvas)
                x += width + spacing
            }
            if x - spacing > frame.maxX + 0.5 { canvas.noteOverflow() }
        case .vertical:
            let children = keptChildren(fitting: frame, canvas: canvas)
            let heights = children.map { $0.flex == .filling ? 0 : $0.measure(proposedWidth: frame.width, canvas: canvas).height }
            let fillers = children.filter { $0.flex == .filling }.count
            let rest = frame.height - heights.reduce(0, +) - spacing * Double(max(0, children.count - 1))
            var y = frame.y
            for (index, (child, natural)) in zip(children, heights).enumerated() {
                let height = child.flex == .filling ? max(0, rest / Double(fillers)) : natural
                guard y + height <= frame.maxY + 0.5 else {
                    canvas.noteOmitted(children.count - index)
                    break
                }
                child.draw(in: Rect(x: frame.x, y: y, width: frame.width, height: height), canvas: canvas)
                y += height + spacing
            }
        }
    }

    /// A column's children less the dispensable ones, the last first, that leave the rest
    /// too little room in `frame`.
    private func keptChildren(fitting frame: Rect, canvas: TileCanvas) -> [any TileNode] {
        // Measuring costs shaping: only a column with something to give up pays it.
        guard children.contains(where: { $0 is DispensableNode }) else { return children }
        var kept = children
        func needed() -> Double {
            kept.reduce(0) { $0 + ($1.flex == .filling ? 0 : $1.measure(proposedWidth: frame.width, canvas: canvas).height) }
                + spacing * Double(max(0, kept.count - 1))
        }
        while needed() > frame.height + 0.5, let last = kept.lastIndex(where: { $0 is DispensableNode }) {
            kept.remove(at: last)
        }
        return kept
    }

    /// The width a row `total` points wide proposes to each child when measuring it: all of
    /// it less the spacing.
    func childProposedWidth(_ total: Double) -> Double {
        total - spacing * Double(max(0, children.count - 1))
    }

    /// Widths along a row: fixed first, then shrinking children share the remainder
    /// (narrow ones keep their natural width, wide ones split the rest), then fillers.
    private func allocateWidths(_ total: Double, canvas: TileCanvas, distributeRest: Bool = false) -> [Double] {
        let available = childProposedWidth(total)
        var widths = children.map { child -> Double in
            child.flex == .filling ? 0 : child.measure(proposedWidth: available, canvas: canvas).width
        }
        let fixed = zip(children, widths).filter { $0.0.flex == .fixed }.reduce(0) { $0 + $1.1 }
        var remaining = max(0, available - fixed)
        let shrinking = children.indices.filter { children[$0].flex == .shrinking }.sorted { widths[$0] < widths[$1] }
        for (position, index) in shrinking.enumerated() {
            let share = remaining / Double(shrinking.count - position)
            widths[index] = min(widths[index], share)
            remaining -= widths[index]
        }
        let fillers = children.indices.filter { children[$0].flex == .filling }
        if distributeRest, !fillers.isEmpty {
            for index in fillers { widths[index] = remaining / Double(fillers.count) }
        }
        return widths
    }
}
