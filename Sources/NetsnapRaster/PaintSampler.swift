/// A paint prepared for per-pixel use: solid colours premultiplied once, gradients
/// turned into a lookup table so a pixel costs one projection and one array read.
struct PaintSampler {
    private let solid: PremultipliedColor?
    private let table: [PremultipliedColor]
    private let origin: Point
    private let axis: Point

    private static let tableSize = 1024

    init(_ paint: Paint) {
        switch paint {
        case .solid(let color):
            solid = PremultipliedColor(color)
            table = []
            origin = Point(x: 0, y: 0)
            axis = Point(x: 0, y: 0)
        case .linearGradient(let gradient):
            solid = nil
            let last = Double(Self.tableSize - 1)
            table = (0..<Self.tableSize).map { PremultipliedColor(gradient.color(at: Double($0) / last)) }
            origin = gradient.start
            let direction = gradient.end - gradient.start
            let lengthSquared = direction.dot(direction)
            // Dividing the axis by its squared length turns the dot product into t directly.
            axis = lengthSquared > 0 ? direction * (1 / lengthSquared) : Point(x: 0, y: 0)
        }
    }

    /// True when the colour depends on the row only (solid paints, vertical gradients),
    /// so a caller may sample once a row.
    var isConstantAlongRows: Bool { solid != nil || axis.x == 0 }

    /// The premultiplied colour at the centre of pixel (x, y).
    @inline(__always)
    func color(x: Int, y: Int) -> PremultipliedColor {
        if let solid { return solid }
        let t = (Point(x: Double(x) + 0.5, y: Double(y) + 0.5) - origin).dot(axis)
        let index = Int(min(max(t, 0), 1) * Double(Self.tableSize - 1) + 0.5)
        return table[index]
    }
}
