/// The file a tile is sent as: PNG (every panel from TRMNL firmware 1.5.0 on), a 1-bit
/// BMP (TRMNL firmware 1.4.x, ESPHome's `online_image`, `?format=bmp`) or lossless WebP
/// (Tronbyt and Tidbyt LED matrices).
public enum TileFileFormat: String, Sendable, Hashable {
    case png
    case bmp
    case webp

    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .bmp: "image/bmp"
        case .webp: "image/webp"
        }
    }
}
