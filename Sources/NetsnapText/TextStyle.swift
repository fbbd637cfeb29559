/// How a line of text is set: size in pixels, weight, and anti-aliasing.
public struct TextStyle: Sendable, Hashable {
    /// The em size in pixels (points × scale).
    public var pixelSize: Double
    /// The weight.
    public var weight: FontWeight
    /// Hinted 1-bit glyphs instead of anti-aliased ones, for 1-bit e-ink output.
    public var monochrome: Bool

    /// Creates a style.
    public init(pixelSize: Double, weight: FontWeight = .regular, monochrome: Bool = false) {
        self.pixelSize = pixelSize
        self.weight = weight
        self.monochrome = monochrome
    }
}
