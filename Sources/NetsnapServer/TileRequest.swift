/// One tile to draw: a widget size at a scale, or a display profile, in a theme. The names
/// are those of the tile files (`medium@2x-dark.png`, `trmnl.png`) and of the query
/// (`/tiles/medium.png?scale=3&theme=light`).
public struct TileRequest: Sendable, Hashable {
    /// The phone widget sizes, laid out in points and drawn at `scale`.
    public enum Size: String, Sendable, CaseIterable {
        case small, medium, large
    }

    /// Surfaces that are not phones, each with a fixed canvas.
    public enum Profile: String, Sendable, CaseIterable {
        /// 800×480, 1-bit.
        case trmnl
        /// 800×480, 2-bit grey.
        case trmnlGray = "trmnl-gray"
        /// 600×800 portrait, 8-bit grey.
        case kindle
    }

    /// What is drawn on.
    public enum Canvas: Sendable, Hashable {
        case size(Size)
        case profile(Profile)
    }

    public enum Theme: String, Sendable, CaseIterable {
        case dark, light, night
    }

    public let canvas: Canvas
    /// 1, 2 or 3 for sizes; always 1 for profiles, whose canvas is fixed.
    public let scale: Int
    public let theme: Theme

    public static let scales = 1...3

    public init(canvas: Canvas, scale: Int, theme: Theme) {
        self.canvas = canvas
        self.scale = scale
        self.theme = theme
    }
}
