/// Real, valid PNG files of one pixel, made distinct by a `tEXt` chunk, so tests can tell
/// versions apart and check that served bytes are images.
enum TinyPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A 1×1 grey PNG carrying `text` under the keyword "Comment".
    static func make(text: String) -> [UInt8] {
        let header: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]  // 1×1, 8-bit grey
        // zlib stream of one scanline (filter 0, pixel 0x80), stored without compression.
        let data: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF, 0x00, 0x80] + adler32([0x00, 0x80])
        return signature + chunk("IHDR", header) + chunk("tEXt", Array("Comment".utf8) + [0] + Array(text.utf8))
            + chunk("IDAT", data) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return bigEndian(b << 16 | a)
    }
}
