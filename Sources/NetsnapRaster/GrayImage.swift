/// A grey image with 1, 2, 4 or 8 bits a pixel — what e-ink panels take.
public struct GrayImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits a pixel: 1, 2, 4 or 8.
    public let bitDepth: Int
    /// One level a pixel, row by row, from 0 (black) to `maxLevel` (white), unpacked.
    public let levels: [UInt8]

    /// Wraps levels; each must be at most `2^bitDepth − 1`.
    public init(width: Int, height: Int, bitDepth: Int, levels: [UInt8]) {
        precondition([1, 2, 4, 8].contains(bitDepth), "bit depth must be 1, 2, 4 or 8")
        precondition(levels.count == width * height, "level count must match the size")
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.levels = levels
    }

    /// The brightest level, `2^bitDepth − 1`.
    public var maxLevel: Int { (1 << bitDepth) - 1 }

    /// The level of one pixel.
    public func level(x: Int, y: Int) -> Int { Int(levels[y * width + x]) }
}
