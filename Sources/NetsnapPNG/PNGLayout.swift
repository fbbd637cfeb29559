/// The PNG colour types this package reads and writes.
public enum PNGColorType: Int, Sendable, Hashable {
    /// Grey, 1/2/4/8/16 bits.
    case gray = 0
    /// RGB triples.
    case rgb = 2
    /// Palette indices.
    case palette = 3
    /// Grey with alpha.
    case grayAlpha = 4
    /// RGBA quadruples.
    case rgba = 6

    /// Samples a pixel.
    var channels: Int {
        switch self {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }
}

/// Size and pixel format of a PNG image, as its IHDR chunk states them.
public struct PNGLayout: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits a sample.
    public var bitDepth: Int
    /// Colour type.
    public var colorType: PNGColorType

    /// Creates a layout.
    public init(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
    }

    /// Bytes in one unfiltered row.
    var rowBytes: Int { (width * colorType.channels * bitDepth + 7) / 8 }
}
