import NetsnapRaster

/// A status dot. On paper, where colour is lost, the state shows in the shape too:
/// filled for up, a ring for down, a ring with a centre for in between.
struct DotNode: TileNode {
    enum State {
        case up
        case degraded
        case down
    }

    var color: Color
    var state: State
    var diameter: Double = 8
    var landmark: String?
    var flex: TileFlex { .fixed }

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        (diameter, diameter)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let center = Point(x: frame.center.x * canvas.scale, y: frame.center.y * canvas.scale)
        let radius = diameter / 2 * canvas.scale
        if let landmark {
            canvas.mark(landmark, Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        }
        guard canvas.palette.isPaper, state != .up else {
            canvas.fill(.circle(center: center, radius: radius), color)
            return
        }
        let ring = max(1, 1.5 * canvas.scale)
        canvas.fill(.outline(.circle(center: center, radius: radius - ring / 2), width: ring), color)
        if state == .degraded { canvas.fill(.circle(center: center, radius: radius * 0.35), color) }
    }
}
