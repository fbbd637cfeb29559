/// The pixel format a tile is written in.
public enum TileColorFormat: Sendable, Hashable {
    /// 8-bit RGB (opaque).
    case rgb
    /// 8-bit RGBA.
    case rgba
    /// Grey with 1, 2, 4 or 8 bits a pixel.
    case gray(bitDepth: Int)

    /// The names `init(name:)` reads, one per format.
    public static let names = ["rgb", "rgba", "gray1", "gray2", "gray4", "gray8"]

    /// Parses `rgb`, `rgba`, `gray1`, `gray2`, `gray4` or `gray8`.
    public init?(name: String) {
        switch name.lowercased() {
        case "rgb": self = .rgb
        case "rgba": self = .rgba
        case "gray1", "grey1", "1bit": self = .gray(bitDepth: 1)
        case "gray2", "grey2", "2bit": self = .gray(bitDepth: 2)
        case "gray4", "grey4", "4bit": self = .gray(bitDepth: 4)
        case "gray8", "grey8", "8bit": self = .gray(bitDepth: 8)
        default: return nil
        }
    }

    /// The name `init(name:)` reads.
    public var name: String {
        switch self {
        case .rgb: "rgb"
        case .rgba: "rgba"
        case .gray(let bitDepth): "gray\(bitDepth)"
        }
    }
}
