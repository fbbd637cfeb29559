import CLibDeflate

/// libdeflate's own floor for a PNG's image data: the time libdeflate alone takes to compress
/// the very bytes an encoder deflated, at the level it used. An encoder's time over this floor
/// is what it spends on everything else (scanlines, chunks, CRCs, libpng); `netsnap-tile-bench`
/// prints the ratio (#37 asks for at most 1.3×).
public struct PNGCompressionFloor: Sendable {
    /// The image's IHDR fields.
    public let layout: PNGLayout
    /// The IDAT chunks' data joined: the zlib stream as written.
    public let imageData: [UInt8]
    /// That stream inflated: every row with its filter byte, height × (1 + row bytes).
    public let scanlines: [UInt8]

    /// Reads `png`'s header and image data and inflates the data into its known size.
    public init(png: [UInt8]) throws(PNGError) {
        try PNGLibraries.open()
        layout = try PNGChunks.header(png)
        // An interlaced image's data is seven passes, not height rows; netsnap writes none.
        guard png[28] == 0 else { throw .unreadable("interlaced image data") }
        imageData = PNGChunks.imageData(png)
        scanlines = try Self.inflate(imageData, size: layout.height * (1 + layout.rowBytes))
    }

    /// The libdeflate level `encoder` writes this layout's image data at: its grey settings for
    /// grey and palette images, its colour settings otherwise; nil when those are zlib's.
    public func level(for encoder: PNGEncoder) -> Int? {
        let compression = [.gray, .palette].contains(layout.colorType) ? encoder.grayCompression : encoder.compression
        guard case .libdeflate(let level) = compression else { return nil }
        return level
    }

    /// The scanlines compressed as the encoder compresses them: a zlib stream at `level`.
    public func compressed(level: Int) -> [UInt8] {
        LibdeflateImageData.zlib(scanlines, level: level)
    }

    /// The best of `runs` timings, in milliseconds, of what the encoder's deflating costs:
    /// allocating a compressor, compressing the scanlines at `level`, freeing it.
    public func milliseconds(level: Int, runs: Int) -> Double {
        var best = Double.infinity
        var written = 0
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            written &+= LibdeflateImageData.zlib(scanlines, level: level).count
            let elapsed = (ContinuousClock.now - start).components
            best = min(best, Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
        }
        // Read so the compressions cannot be optimized away.
        precondition(written > 0, "libdeflate wrote nothing")
        return best
    }

    private static func inflate(_ stream: [UInt8], size: Int) throws(PNGError) -> [UInt8] {
        guard let decompressor = libdeflate.libdeflate_alloc_decompressor() else {
            throw .unreadable("libdeflate: cannot allocate a decompressor")
        }
        defer { libdeflate.libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: size)
        var actual = 0
        let result = stream.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate.libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &actual)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, actual == size else {
            throw .unreadable("image data does not inflate to \(size) bytes")
        }
        return output
    }
}
