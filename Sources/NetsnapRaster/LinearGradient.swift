/// A colour ramp along the line from `start` to `end`, constant across it and clamped
/// beyond its ends.
public struct LinearGradient: Sendable, Hashable {
    /// One colour of the ramp at a position from 0 (start) to 1 (end).
    public struct Stop: Sendable, Hashable {
        /// Where along the axis, 0–1.
        public var location: Double
        /// The colour there.
        public var color: Color

        /// Creates a stop.
        public init(_ location: Double, _ color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// The point where the ramp has its first stop's colour.
    public var start: Point
    /// The point where the ramp has its last stop's colour.
    public var end: Point
    /// Stops in increasing location order; at least one.
    public var stops: [Stop]

    /// Creates a gradient.
    public init(start: Point, end: Point, stops: [Stop]) {
        precondition(!stops.isEmpty, "a gradient needs at least one stop")
        self.start = start
        self.end = end
        self.stops = stops
    }

    /// The colour at position `t` (0–1) along the axis, interpolated between the
    /// neighbouring stops in premultiplied space so transparent stops do not darken.
    public func color(at t: Double) -> Color {
        let t = min(max(t, 0), 1)
        guard let upperIndex = stops.firstIndex(where: { $0.location >= t }) else { return stops[stops.count - 1].color }
        guard upperIndex > 0 else { return stops[0].color }
        let lower = stops[upperIndex - 1]
        let upper = stops[upperIndex]
        let span = upper.location - lower.location
        let f = span > 0 ? (t - lower.location) / span : 1
        return PremultipliedColor(lower.color).interpolated(to: PremultipliedColor(upper.color), f).straight
    }
}
