import NetsnapRaster

/// A 1-bit Windows bitmap exactly as TRMNL firmware before 1.5.0 reads it (`bmp.cpp`:
/// `parseBMPHeader`): `BM`, a 14-byte file header and a 40-byte BITMAPINFOHEADER, then a
/// two-entry palette — black first, white second, the order the firmware calls standard —
/// so pixel data starts at byte 62; rows bottom-up (a positive height), each padded to four
/// bytes, the leftmost pixel in the high bit, 1 for white. An 800 × 480 picture is 48,062
/// bytes, the size the firmware's `DISPLAY_BMP_IMAGE_SIZE` expects. ESPHome's
/// `online_image` reads the same. Pure.
public enum MonochromeBMP {
    /// Header and palette.
    public static let headerSize = 62

    /// Bytes of one row: a bit a pixel, padded to a multiple of four bytes.
    public static func rowBytes(width: Int) -> Int { (width + 31) / 32 * 4 }

    /// The bitmap of `image`: a level in the upper half of its range is white, the rest black.
    public static func encode(_ image: GrayImage) -> [UInt8] {
        let rowLength = rowBytes(width: image.width)
        let dataSize = rowLength * image.height
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + dataSize)
        bytes += [UInt8(ascii: "B"), UInt8(ascii: "M")]
        append32(headerSize + dataSize, to: &bytes)
        append32(0, to: &bytes)  // two reserved 16-bit words
        append32(headerSize, to: &bytes)
        append32(40, to: &bytes)  // BITMAPINFOHEADER
        append32(image.width, to: &bytes)
        append32(image.height, to: &bytes)  // positive: bottom-up rows
        bytes += [1, 0, 1, 0]  // one plane, one bit a pixel
        append32(0, to: &bytes)  // BI_RGB, no compression
        append32(dataSize, to: &bytes)
        append32(2_835, to: &bytes)  // 72 dpi, as pixels a metre
        append32(2_835, to: &bytes)
        append32(2, to: &bytes)  // colours in the palette
        append32(2, to: &bytes)  // both matter
        bytes += [0, 0, 0, 0, 255, 255, 255, 0]  // black, white (blue, green, red, reserved)
        let threshold = image.maxLevel / 2
        for y in stride(from: image.height - 1, through: 0, by: -1) {
            var row = [UInt8](repeating: 0, count: rowLength)
            let start = y * image.width
            for x in 0..<image.width where Int(image.levels[start + x]) > threshold {
                row[x >> 3] |= 0x80 >> UInt8(x & 7)
            }
            bytes += row
        }
        return bytes
    }

    private static func append32(_ value: Int, to bytes: inout [UInt8]) {
        let word = UInt32(truncatingIfNeeded: value)
        bytes += [UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word >> 16 & 0xFF), UInt8(word >> 24)]
    }
}
