/// Vertical metrics of the main font at one size, in pixels.
public struct FontMetrics: Sendable, Hashable {
    /// Height above the baseline.
    public var ascent: Double
    /// Depth below the baseline (positive).
    public var descent: Double
    /// Height of capital letters, for centring text optically.
    public var capHeight: Double
}
