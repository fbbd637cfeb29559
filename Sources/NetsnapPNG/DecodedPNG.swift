/// A PNG read back: what its header declares, its text chunks, and its pixels
/// expanded to 8-bit straight-alpha RGBA.
public struct DecodedPNG: Sendable, Hashable {
    /// Size, bit depth and colour type from IHDR.
    public var layout: PNGLayout
    /// `tEXt` chunks in file order.
    public var text: [PNGTextChunk]
    /// RGBA bytes, `width × height × 4`.
    public var rgba: [UInt8]

    /// The RGBA value of one pixel.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * layout.width + x) * 4
        return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
    }
}
