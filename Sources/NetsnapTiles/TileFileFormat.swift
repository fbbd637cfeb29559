/// The file a tile is sent as: PNG (every panel from TRMNL firmware 1.5.0 on) or a 1-bit
/// BMP (TRMNL firmware 1.4.x, ESPHome's `online_image`, `?format=bmp`).
public enum TileFileFormat: String, Sendable, Hashable {
    case png
    case bmp

    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .bmp: "image/bmp"
        }
    }
}
