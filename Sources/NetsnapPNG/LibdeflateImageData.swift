import CLibDeflate

/// The zlib stream of a PNG's image data with every row unfiltered (filter byte 0),
/// deflated by libdeflate, which matches zlib's ratio at about twice its speed.
enum LibdeflateImageData {
    /// Deflates `height` rows of `rowBytes` bytes each from `rows`. With `stripsFiller`,
    /// `rows` holds four bytes a pixel and the fourth is dropped, as `LibPNGWriter` does.
    static func deflate(rows: [UInt8], rowBytes: Int, height: Int, stripsFiller: Bool, level: Int) -> [UInt8] {
        zlib(unfilteredScanlines(rows: rows, rowBytes: rowBytes, height: height, stripsFiller: stripsFiller), level: level)
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

    /// Each row preceded by its filter byte, 0 (none).
    private static func unfilteredScanlines(rows: [UInt8], rowBytes: Int, height: Int, stripsFiller: Bool) -> [UInt8] {
        let lineBytes = rowBytes + 1
        return [UInt8](unsafeUninitializedCapacity: lineBytes * height) { buffer, count in
            rows.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let line = y * lineBytes
                    buffer[line] = 0
                    if stripsFiller {
                        var from = y * rowBytes / 3 * 4
                        for to in stride(from: line + 1, to: line + lineBytes, by: 3) {
                            buffer[to] = source[from]
                            buffer[to + 1] = source[from + 1]
                            buffer[to + 2] = source[from + 2]
                            from += 4
                        }
                    } else {
                        for offset in 0..<rowBytes { buffer[line + 1 + offset] = source[y * rowBytes + offset] }
                    }
                }
            }
            count = lineBytes * height
        }
    }
}
