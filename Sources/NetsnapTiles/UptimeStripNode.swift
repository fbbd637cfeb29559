import NetsnapModel
import NetsnapRaster

/// One mark a day, oldest at the left, filling its frame's width: the worst state of each
/// day. In colour by the status colours; on paper (1-bit) by shape, so it reads without
/// colour: down solid, degraded half filled, up an outline, maintenance an outline with a
/// bar across, no data a line at the foot.
struct UptimeStripNode: TileNode {
    var days: [UptimeReport.Worst]
    var height: Double
    var isStale: Bool
    var flex: TileFlex { .filling }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (0, height)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let strip = canvas.pixelRect(frame)
        canvas.mark("uptimeStrip", strip)
        guard !days.isEmpty else { return }
        let gap = max(1, (canvas.scale).rounded())
        let pitch = (strip.width + gap) / Double(days.count)
        for (index, day) in days.enumerated() {
            let x0 = (strip.x + Double(index) * pitch).rounded()
            let x1 = (strip.x + Double(index + 1) * pitch - gap).rounded()
            let cell = Rect(x: x0, y: strip.y, width: max(1, x1 - x0), height: strip.height)
            if canvas.palette.isPaper { drawOnPaper(day, cell, canvas: canvas) } else { drawInColor(day, cell, canvas: canvas) }
        }
    }

    private func drawInColor(_ day: UptimeReport.Worst, _ cell: Rect, canvas: TileCanvas) {
        let palette = canvas.palette
        let color: Color
        switch day {
        case .up: color = isStale ? palette.stale : palette.success
        case .degraded: color = palette.warning
        case .down: color = palette.error
        case .maintenance: color = palette.accent
        case .nodata: color = palette.barEmpty
        }
        canvas.fill(.rect(cell), color)
    }

    private func drawOnPaper(_ day: UptimeReport.Worst, _ cell: Rect, canvas: TileCanvas) {
        let ink = canvas.palette.primary
        let line = max(1, canvas.scale.rounded())
        switch day {
        case .down:
            canvas.fill(.rect(cell), ink)
        case .degraded:
            canvas.fill(.outline(.rect(cell.insetBy(dx: line / 2, dy: line / 2)), width: line), ink)
            canvas.fill(
                .rect(
                    Rect(
                        x: cell.x, y: (cell.y + cell.height / 2).rounded(), width: cell.width,
                        height: cell.maxY - (cell.y + cell.height / 2).rounded())), ink)
        case .up:
            canvas.fill(.outline(.rect(cell.insetBy(dx: line / 2, dy: line / 2)), width: line), ink)
        case .maintenance:
            canvas.fill(.outline(.rect(cell.insetBy(dx: line / 2, dy: line / 2)), width: line), ink)
            let middle = (cell.y + cell.height / 2 - line / 2).rounded()
            canvas.fill(.rect(Rect(x: cell.x, y: middle, width: cell.width, height: line)), ink)
        case .nodata:
            canvas.fill(.rect(Rect(x: cell.x, y: cell.maxY - line, width: cell.width, height: line)), ink)
        }
    }
}
