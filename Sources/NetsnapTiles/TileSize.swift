/// The widget sizes of the large iPhones, in points.
public enum TileSize: String, Sendable, Hashable, CaseIterable {
    /// 170 × 170 pt.
    case small
    /// 364 × 170 pt.
    case medium
    /// 364 × 382 pt.
    case large

    /// Width in points.
    public var width: Double {
        switch self {
        case .small: 170
        case .medium, .large: 364
        }
    }

    /// Height in points.
    public var height: Double {
        switch self {
        case .small, .medium: 170
        case .large: 382
        }
    }
}
