import NetsnapRaster

/// A latency sparkline filling its frame: oldest point at the left, newest at the right,
/// an anti-aliased line over an optional faint area. Missing points break the line — it
/// never bridges a gap — and a point alone between two gaps shows as a dot.
struct SparklineNode: TileNode {
    /// Values oldest first; nil where nothing was measured.
    var points: [Double?]
    var lineColor: Color
    /// The fill under the line, or nil for none (paper screens, which would dither it).
    var areaColor: Color?
    var lineWidth: Double = 1.5
    var height: Double
    /// Filling along a row (takes the width left beside its labels); fixed in a column.
    var flex: TileFlex = .filling

    /// The smallest value range the plot spans, so jitter of a few tenths of a
    /// millisecond does not look like a swing from floor to ceiling.
    static let minimumSpan = 2.0

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (flex == .filling ? 0 : proposedWidth, height)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let plot = canvas.pixelRect(frame)
        canvas.mark("sparkline", plot)
        let values = points.compactMap { $0 }
        guard points.count >= 2, let low = values.min(), let high = values.max() else { return }
        let width = lineWidth * canvas.scale
        // Keep the whole stroke, caps included, inside the frame.
        let inner = plot.insetBy(dx: width / 2, dy: width / 2)
        let span = max(high - low, Self.minimumSpan)
        let floor = (low + high - span) / 2
        let step = inner.width / Double(points.count - 1)
        func position(_ index: Int, _ value: Double) -> Point {
            Point(x: inner.x + Double(index) * step, y: inner.maxY - (value - floor) / span * inner.height)
        }
        for run in Self.runs(points) {
            let line = run.map { position($0.index, $0.value) }
            if let areaColor { fillArea(under: line, down: plot.maxY, areaColor, canvas: canvas) }
            if line.count == 1 {
                canvas.fill(.circle(center: line[0], radius: width * 0.75), lineColor)
            } else {
                canvas.fill(.polyline(line, width: width), lineColor)
            }
        }
    }

    /// Stretches of consecutive measured points, with their indices.
    static func runs(_ points: [Double?]) -> [[(index: Int, value: Double)]] {
        var runs: [[(index: Int, value: Double)]] = []
        var current: [(index: Int, value: Double)] = []
        for (index, point) in points.enumerated() {
            if let point {
                current.append((index, point))
            } else {
                if !current.isEmpty { runs.append(current) }
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// One-pixel columns from the line down to the plot's floor. Whole columns keep
    /// neighbouring columns from overlapping (which would darken the seams); the line
    /// drawn on top covers their stepped tops.
    private func fillArea(under line: [Point], down bottom: Double, _ color: Color, canvas: TileCanvas) {
        guard let first = line.first, let last = line.last, line.count >= 2 else { return }
        var segment = 1
        for column in Int(first.x.rounded())..<Int(last.x.rounded()) {
            let x = Double(column) + 0.5
            while segment < line.count - 1, line[segment].x < x { segment += 1 }
            let start = line[segment - 1]
            let end = line[segment]
            let t = end.x > start.x ? min(max((x - start.x) / (end.x - start.x), 0), 1) : 0
            let top = start.y + (end.y - start.y) * t
            canvas.fill(.rect(Rect(x: Double(column), y: top, width: 1, height: bottom - top)), color)
        }
    }
}
