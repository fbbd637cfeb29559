import NetsnapRaster

/// A colour font's glyph bitmap (CBDT emoji) as FreeType gives it: BGRA rows `pitch` bytes
/// apart, premultiplied as `Pixmap` is — only the channel order differs.
enum ColorStrike {
    static func pixmap(bgra buffer: UnsafeMutablePointer<UInt8>, width: Int, height: Int, pitch: Int) -> Pixmap {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = buffer + y * pitch
            for x in 0..<width {
                let target = (y * width + x) * 4
                rgba[target] = row[x * 4 + 2]
                rgba[target + 1] = row[x * 4 + 1]
                rgba[target + 2] = row[x * 4]
                rgba[target + 3] = row[x * 4 + 3]
            }
        }
        return Pixmap(width: width, height: height, premultipliedRGBA: rgba)
    }
}
