import NetsnapText

/// A text size (points) and weight from the tiles' type scale.
struct TileFont: Hashable {
    var size: Double
    var weight: FontWeight

    static let title = TileFont(size: 17, weight: .semibold)
    static let largeTitle = TileFont(size: 20, weight: .bold)
    static let headline = TileFont(size: 13, weight: .semibold)
    static let body = TileFont(size: 12, weight: .regular)
    static let bodyStrong = TileFont(size: 12, weight: .semibold)
    static let caption = TileFont(size: 10.5, weight: .medium)

    /// Line box height in points; text is centred in it on its cap height.
    var lineHeight: Double { (size * 1.3).rounded() }
}
