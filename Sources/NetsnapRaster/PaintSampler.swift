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
        return gradientColor(x: x, rowTerm: rowTerm(y: y))
    }

    /// The part of a gradient's projection that depends on the row only, so row loops
    /// compute it once; `gradientColor` then gives exactly what `color(x:y:)` does.
    @inline(__always)
    func rowTerm(y: Int) -> Double { (Double(y) + 0.5 - origin.y) * axis.y }

    /// The colour of a gradient (not a solid paint) at column `x` of the row whose `rowTerm` is given.
    @inline(__always)
    func gradientColor(x: Int, rowTerm: Double) -> PremultipliedColor {
        let t = (Double(x) + 0.5 - origin.x) * axis.x + rowTerm
        let index = Int(min(max(t, 0), 1) * Double(Self.tableSize - 1) + 0.5)
        return table[index]
    }
}
