import CLibPNG

/// The libpng write path: packed rows in, PNG bytes out, through a write callback that
/// appends to a Swift array — no files.
enum LibPNGWriter {
    /// Collects what libpng writes; handed to the C callback as an opaque pointer.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }

    /// Writes `rows` as `layout`. Opaque RGBA pixmaps go in as they are (`.rgbx`), without a
    /// conversion pass: libpng drops each pixel's fourth byte, or libdeflate's scanlines are
    /// made in the rows' own memory.
    static func write(
        layout: PNGLayout, rows: consuming PNGRows, palette: [PNGPaletteColor] = [], text: [PNGTextChunk], compression: PNGCompression
    ) throws(PNGError) -> [UInt8] {
        try PNGLibraries.open()
        guard layout.width > 0, layout.height > 0, layout.width < 1 << 24, layout.height < 1 << 24 else {
            throw .invalidSize(width: layout.width, height: layout.height)
        }
        for chunk in text { try chunk.validate() }

        // Every argument is validated above, so a libpng error can only be a broken
        // invariant (or exhausted memory): stop rather than unwind through Swift frames.
        guard
            let png = libpng.png_create_write_struct(
                PNG_LIBPNG_VER_STRING, nil,
                { _, message in fatalError("libpng: \(message.map { String(cString: $0) } ?? "error")") }, nil)
        else { fatalError("libpng: cannot create a write struct") }
        guard let info = libpng.png_create_info_struct(png) else { fatalError("libpng: cannot create an info struct") }
        defer {
            var pngPointer: png_structp? = png
            var infoPointer: png_infop? = info
            libpng.png_destroy_write_struct(&pngPointer, &infoPointer)
        }

        let sink = ByteSink()
        sink.bytes.reserveCapacity(layout.height * layout.rowBytes / 4)
        libpng.png_set_write_fn(
            png, Unmanaged.passUnretained(sink).toOpaque(),
            { png, data, length in
                guard let data, let context = libpng.png_get_io_ptr(png) else { return }
                Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: length))
            }, nil)

        setHeader(png, info, layout: layout, compression: compression)
        if !palette.isEmpty {
            var entries = palette.map { png_color(red: $0.red, green: $0.green, blue: $0.blue) }
            libpng.png_set_PLTE(png, info, &entries, Int32(entries.count))
        }

        withTextChunks(text) { chunks in
            if !chunks.isEmpty { libpng.png_set_text(png, info, chunks.baseAddress, Int32(chunks.count)) }
            libpng.png_write_info(png, info)
        }
        if case .libdeflate(let level) = compression {
            // libpng writes the signature, header, text and each chunk's CRC; the image
            // data comes deflated from libdeflate as one IDAT chunk.
            let data = LibdeflateImageData.deflate(consume rows, layout: layout, level: min(max(level, 0), 12))
            libpng.png_write_chunk(png, Array("IDAT".utf8), data, data.count)
            libpng.png_write_chunk(png, Array("IEND".utf8), nil, 0)
            return sink.bytes
        }
        if case .rgbx = rows { libpng.png_set_filler(png, 0, PNG_FILLER_AFTER) }
        rows.forEachRow(layout) { libpng.png_write_row(png, $0) }
        libpng.png_write_end(png, nil)
        return sink.bytes
    }

    /// The image header and, for zlib, libpng's compression settings.
    private static func setHeader(_ png: png_structp, _ info: png_infop, layout: PNGLayout, compression: PNGCompression) {
        libpng.png_set_IHDR(
            png, info, png_uint_32(layout.width), png_uint_32(layout.height), Int32(layout.bitDepth),
            Int32(layout.colorType.rawValue), PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
            PNG_FILTER_TYPE_DEFAULT)
        if case .zlib(let filter, let level, let strategy) = compression {
            libpng.png_set_filter(png, PNG_FILTER_TYPE_BASE, filterMask(filter))
            libpng.png_set_compression_level(png, Int32(min(max(level, 0), 9)))
            libpng.png_set_compression_strategy(png, zlibStrategy(strategy))
            // One large IDAT instead of many 8 KiB ones saves 12 bytes a chunk.
            libpng.png_set_compression_buffer_size(png, 1 << 20)
        }
    }

    /// Builds libpng's `png_text` array over one buffer of NUL-terminated Latin-1
    /// strings that lives for the call.
    private static func withTextChunks(_ text: [PNGTextChunk], _ body: (UnsafeMutableBufferPointer<png_text>) -> Void) {
        var strings: [CChar] = []
        var offsets: [(key: Int, text: Int, length: Int)] = []
        for chunk in text {
            let key = strings.count
            strings += chunk.keyword.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) } + [0]
            let value = strings.count
            strings += chunk.text.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) } + [0]
            offsets.append((key, value, chunk.text.unicodeScalars.count))
        }
        strings.withUnsafeMutableBufferPointer { buffer in
            var entries = offsets.map { offset in
                var entry = png_text()
                entry.compression = PNG_TEXT_COMPRESSION_NONE
                entry.key = buffer.baseAddress.map { $0 + offset.key }
                entry.text = buffer.baseAddress.map { $0 + offset.text }
                entry.text_length = offset.length
                return entry
            }
            entries.withUnsafeMutableBufferPointer { body($0) }
        }
    }

    private static func filterMask(_ filter: PNGFilter) -> Int32 {
        switch filter {
        case .none: PNG_FILTER_NONE
        case .sub: PNG_FILTER_SUB
        case .up: PNG_FILTER_UP
        case .paeth: PNG_FILTER_PAETH
        case .adaptive: PNG_FILTER_NONE | PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_AVG | PNG_FILTER_PAETH
        }
    }

    private static func zlibStrategy(_ strategy: PNGDeflateStrategy) -> Int32 {
        // zlib's Z_DEFAULT_STRATEGY, Z_FILTERED and Z_RLE; zlib.h is not part of the shim.
        switch strategy {
        case .standard: 0
        case .filtered: 1
        case .rle: 3
        }
    }
}
