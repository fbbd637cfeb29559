import NetsnapRaster

/// Writes pixmaps and grey images as PNG bytes, in the smallest colour type that holds
/// them exactly: RGB for opaque pixmaps, RGBA otherwise, and grey at the image's own
/// bit depth (a 1-bit image becomes a 1-bit PNG).
public struct PNGEncoder: Sendable {
    /// Filter and deflate settings for pixmaps.
    public var compression: PNGCompression
    /// Filter and deflate settings for grey images.
    public var grayCompression: PNGCompression

    /// Creates an encoder.
    public init(compression: PNGCompression = .tuned, grayCompression: PNGCompression = .tunedGray) {
        self.compression = compression
        self.grayCompression = grayCompression
    }

    /// Opens libpng and libdeflate now rather than at the first picture, so a command can
    /// load them on another thread while it does other work; a failure is said then.
    public static func openLibraries() throws(PNGError) { try PNGLibraries.open() }

    /// PNG bytes for `pixmap` with the given text chunks. Handed over (`consume`), an opaque
    /// pixmap's own memory becomes the image data; one still shared is copied first.
    public func encode(_ pixmap: consuming Pixmap, text: [PNGTextChunk] = []) throws(PNGError) -> [UInt8] {
        let opaque = pixmap.isOpaque
        let layout = PNGLayout(
            width: pixmap.width, height: pixmap.height, bitDepth: 8, colorType: opaque ? .rgb : .rgba)
        // Opaque premultiplied pixels are already straight: only their alpha byte goes.
        let rows: PNGRows = opaque ? .rgbx((consume pixmap).bytes) : .packed(pixmap.straightRGBA)
        return try LibPNGWriter.write(layout: layout, rows: rows, text: text, compression: compression)
    }

    /// PNG bytes for a grey image at its bit depth with the given text chunks.
    public func encode(_ image: GrayImage, text: [PNGTextChunk] = []) throws(PNGError) -> [UInt8] {
        let layout = PNGLayout(width: image.width, height: image.height, bitDepth: image.bitDepth, colorType: .gray)
        let scanlines = Self.scanlines(image, rowBytes: layout.rowBytes)
        return try LibPNGWriter.write(layout: layout, rows: .scanlines(scanlines), text: text, compression: grayCompression)
    }

    /// The image's levels packed `8 / bitDepth` to a byte, the leftmost pixel in the most
    /// significant bits, each row starting on a byte after its filter byte 0 — the image data
    /// ready to deflate, with no second copy. A byte at a time, for each depth its own loop
    /// with constant shifts: packing a 1-bit TRMNL tile a pixel at a time, with a division
    /// each, cost more than deflating it.
    static func scanlines(_ image: GrayImage, rowBytes: Int) -> [UInt8] {
        switch image.bitDepth {
        case 1: scanlines(image, rowBytes: rowBytes, depth: 1)
        case 2: scanlines(image, rowBytes: rowBytes, depth: 2)
        case 4: scanlines(image, rowBytes: rowBytes, depth: 4)
        default: scanlines(image, rowBytes: rowBytes, depth: 8)
        }
    }

    /// Eight 1-bit levels (each byte 0 or 1) as one byte, the first in the top bit: read as one
    /// little-endian word, the multiplication moves each byte's bit to its place in the top byte.
    @inline(__always)
    private static func eightPixels(_ levels: UnsafePointer<UInt8>) -> UInt8 {
        let word = UInt64(littleEndian: UnsafeRawPointer(levels).loadUnaligned(as: UInt64.self))
        return UInt8(truncatingIfNeeded: (word &* 0x8040_2010_0804_0201) >> 56)
    }

    @inline(__always)
    private static func scanlines(_ image: GrayImage, rowBytes: Int, depth: Int) -> [UInt8] {
        let perByte = 8 / depth
        let wholeBytes = image.width / perByte
        let lineBytes = rowBytes + 1
        return [UInt8](unsafeUninitializedCapacity: lineBytes * image.height) { rows, count in
            image.levels.withUnsafeBufferPointer { levels in
                for y in 0..<image.height {
                    var source = y * image.width
                    rows[y * lineBytes] = 0
                    var target = y * lineBytes + 1
                    for _ in 0..<wholeBytes {
                        if depth == 1 {
                            rows[target] = eightPixels(levels.baseAddress! + source)
                        } else {
                            var byte: UInt8 = 0
                            for index in 0..<perByte { byte |= levels[source + index] << UInt8(8 - depth * (index + 1)) }
                            rows[target] = byte
                        }
                        source += perByte
                        target += 1
                    }
                    // A row that ends inside a byte: its last pixels, the rest of the byte zero.
                    if wholeBytes < rowBytes {
                        var byte: UInt8 = 0
                        for index in 0..<(image.width - wholeBytes * perByte) {
                            byte |= levels[source + index] << UInt8(8 - depth * (index + 1))
                        }
                        rows[target] = byte
                    }
                }
            }
            count = lineBytes * image.height
        }
    }
}
