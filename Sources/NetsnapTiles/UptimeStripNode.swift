import NetsnapModel
import NetsnapRaster

/// One mark a day, oldest at the left, filling its frame's width: the worst state of each
/// day. In colour by the status colours; on paper (1-bit) by height, so it reads without
/// colour: down a full black bar, degraded half, up a low stub, maintenance an empty
/// outline, no data nothing.
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

    /// A bar chart of trouble in ink alone: the worse the day, the taller its bar.
    private func drawOnPaper(_ day: UptimeReport.Worst, _ cell: Rect, canvas: TileCanvas) {
        let ink = canvas.palette.primary
        let line = max(1, canvas.scale.rounded())
        func bar(_ share: Double) {
            let height = max(line, (cell.height * share).rounded())
            canvas.fill(.rect(Rect(x: cell.x, y: cell.maxY - height, width: cell.width, height: height)), ink)
        }
        switch day {
        case .down: bar(1)
        case .degraded: bar(0.5)
        case .up: bar(0.2)
        case .maintenance: canvas.fill(.outline(.rect(cell.insetBy(dx: line / 2, dy: line / 2)), width: line), ink)
        case .nodata: break
        }
    }
}
