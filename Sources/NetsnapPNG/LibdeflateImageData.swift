import CLibDeflate

/// The zlib stream of a PNG's image data with every row unfiltered (filter byte 0),
/// deflated by libdeflate, which matches zlib's ratio at about twice its speed.
enum LibdeflateImageData {
    /// `rows`, laid out as `layout`, as unfiltered scanlines deflated at `level`.
    static func deflate(_ rows: PNGRows, layout: PNGLayout, level: Int) -> [UInt8] {
        switch rows {
        case .scanlines(let scanlines): zlib(scanlines, level: level)
        case .packed(let bytes): zlib(unfilteredScanlines(bytes, layout: layout, stripsFiller: false), level: level)
        case .rgbx(let bytes): zlib(unfilteredScanlines(bytes, layout: layout, stripsFiller: true), level: level)
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

    /// Each row preceded by its filter byte, 0 (none). Rows are copied whole; RGBX pixels go
    /// four bytes at a time, each store's fourth byte overwritten by the next pixel, because a
    /// byte-by-byte strip was a quarter of the encode's time over libdeflate's.
    private static func unfilteredScanlines(_ rows: [UInt8], layout: PNGLayout, stripsFiller: Bool) -> [UInt8] {
        let (rowBytes, height) = (layout.rowBytes, layout.height)
        let lineBytes = rowBytes + 1
        let pixels = rowBytes / 3
        return [UInt8](unsafeUninitializedCapacity: lineBytes * height) { buffer, count in
            rows.withUnsafeBytes { source in
                let from = source.baseAddress!
                let to = UnsafeMutableRawPointer(buffer.baseAddress!)
                for y in 0..<height {
                    let line = to + y * lineBytes
                    line.storeBytes(of: 0, as: UInt8.self)
                    guard stripsFiller else {
                        (line + 1).copyMemory(from: from + y * rowBytes, byteCount: rowBytes)
                        continue
                    }
                    let row = from + y * pixels * 4
                    // All but the last pixel as words; the last one's three bytes alone, so no
                    // store reaches past the row (or, on the last row, the buffer).
                    for x in 0..<(pixels - 1) {
                        (line + 1 + x &* 3).storeBytes(of: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), as: UInt32.self)
                    }
                    (line + 1 + (pixels - 1) * 3).copyMemory(from: row + (pixels - 1) * 4, byteCount: 3)
                }
            }
            count = lineBytes * height
        }
    }
}
