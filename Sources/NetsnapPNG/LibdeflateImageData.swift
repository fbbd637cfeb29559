import CLibDeflate

/// The zlib stream of a PNG's image data with every row unfiltered (filter byte 0),
/// deflated by libdeflate, which matches zlib's ratio at about twice its speed.
enum LibdeflateImageData {
    /// `rows`, laid out as `layout`, as unfiltered scanlines deflated at `level`. Opaque
    /// pixels become scanlines in their own memory, which the drawing has just warmed: a
    /// fresh buffer's pages, zeroed by the kernel, were most of the encode's time over
    /// libdeflate's own.
    static func deflate(_ rows: consuming PNGRows, layout: PNGLayout, level: Int) -> [UInt8] {
        switch consume rows {
        case .scanlines(let scanlines): return zlib(scanlines, level: level)
        case .packed(let bytes): return zlib(unfilteredScanlines(bytes, layout: layout), level: level)
        case .rgbx(var bytes):
            stripFillersInPlace(&bytes, width: layout.width, height: layout.height)
            return zlib(bytes, level: level)
        }
    }

    /// `scanlines` as one zlib stream at `level`: the encoder's deflating, which
    /// `PNGCompressionFloor` also times alone.
    static func zlib(_ scanlines: [UInt8], level: Int) -> [UInt8] {
        guard let compressor = libdeflate.libdeflate_alloc_compressor(Int32(level)) else {
            fatalError("libdeflate: cannot allocate a compressor (out of memory)")
        }
        defer { libdeflate.libdeflate_free_compressor(compressor) }
        let bound = libdeflate.libdeflate_zlib_compress_bound(compressor, scanlines.count)
        // Left uninitialized: the worst case is as large as the input, but only the few
        // percent actually written are ever touched (zeroing it all cost 0.5 ms a tile).
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = scanlines.withUnsafeBytes { input in
                libdeflate.libdeflate_zlib_compress(compressor, input.baseAddress, input.count, buffer.baseAddress, buffer.count)
            }
            // The bound is libdeflate's own worst case, so running out of room is a broken invariant.
            precondition(count > 0, "libdeflate: output exceeded its own bound")
        }
    }

    /// Each row preceded by its filter byte, 0 (none), the rows copied whole.
    private static func unfilteredScanlines(_ rows: [UInt8], layout: PNGLayout) -> [UInt8] {
        let (rowBytes, height) = (layout.rowBytes, layout.height)
        let lineBytes = rowBytes + 1
        return [UInt8](unsafeUninitializedCapacity: lineBytes * height) { buffer, count in
            rows.withUnsafeBytes { source in
                let to = UnsafeMutableRawPointer(buffer.baseAddress!)
                for y in 0..<height {
                    (to + y * lineBytes).storeBytes(of: 0, as: UInt8.self)
                    (to + y * lineBytes + 1).copyMemory(from: source.baseAddress! + y * rowBytes, byteCount: rowBytes)
                }
            }
            count = lineBytes * height
        }
    }

    /// Rows of opaque RGBX pixels turned, where they lie, into scanlines: each row's filter
    /// byte 0, then three bytes a pixel; the array ends with the last scanline. A scanline is
    /// shorter than its row, so every store lands on bytes already read, save on the top row,
    /// whose filter byte and first pixel cover the first pixel's own bytes: the first pixel is
    /// read whole first. Pixels go four bytes at a time, each store's fourth byte overwritten
    /// by the next pixel (byte by byte was a quarter of the encode's time over libdeflate's);
    /// the first and the last alone, so no store reaches a byte not yet read.
    static func stripFillersInPlace(_ bytes: inout [UInt8], width: Int, height: Int) {
        let lineBytes = width * 3 + 1
        precondition(width > 0 && bytes.count == width * height * 4, "RGBX rows: \(bytes.count) bytes for \(width) × \(height)")
        bytes.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress!
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y &* width &* 4)
                let line = base + y &* lineBytes
                let first = row.loadUnaligned(as: UInt32.self)
                let last = row.loadUnaligned(fromByteOffset: (width - 1) &* 4, as: UInt32.self)
                line.storeBytes(of: 0, as: UInt8.self)
                storeRGB(first, at: line + 1)
                var x = 1
                while x < width - 1 {
                    (line + 1 + x &* 3).storeBytes(of: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), as: UInt32.self)
                    x += 1
                }
                if width > 1 { storeRGB(last, at: line + 1 + (width - 1) &* 3) }
            }
        }
        bytes.removeLast(bytes.count - lineBytes * height)
    }

    /// The first three of the four bytes `pixel` was loaded from, in their order.
    private static func storeRGB(_ pixel: UInt32, at target: UnsafeMutableRawPointer) {
        let ordered = UInt32(littleEndian: pixel)
        target.storeBytes(of: UInt16(truncatingIfNeeded: ordered).littleEndian, as: UInt16.self)
        (target + 2).storeBytes(of: UInt8(truncatingIfNeeded: ordered >> 16), as: UInt8.self)
    }
}
