import NetsnapRaster

/// Four rising bars, the first `filled` of them in the accent colour. No reading
/// (nil) leaves all four empty.
struct SignalBarsNode: TileNode {
    var filled: Int?
    var fillColor: Color
    var emptyColor: Color
    var barWidth: Double = 3.5
    var gap: Double = 2
    var height: Double = 13
    var flex: TileFlex { .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (4 * barWidth + 3 * gap, height)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        for bar in 0..<4 {
            let barHeight = height * Double(bar + 2) / 5
            let rect = canvas.pixelRect(
                Rect(x: frame.x + Double(bar) * (barWidth + gap), y: frame.maxY - barHeight, width: barWidth, height: barHeight))
            let radius = 1 * canvas.scale
            canvas.mark("bar\(bar)", rect)
            if bar < (filled ?? 0) {
                canvas.fill(.roundedRect(rect, radius: radius), fillColor)
            } else if canvas.palette.isPaper {
                canvas.fill(.innerBorder(rect, radius: radius, width: max(1, canvas.scale)), emptyColor)
            } else {
                canvas.fill(.roundedRect(rect, radius: radius), emptyColor)
            }
        }
    }
}
