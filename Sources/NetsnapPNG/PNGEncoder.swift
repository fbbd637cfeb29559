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

    /// PNG bytes for `pixmap` with the given text chunks.
    public func encode(_ pixmap: Pixmap, text: [PNGTextChunk] = []) throws(PNGError) -> [UInt8] {
        let opaque = pixmap.isOpaque
        let layout = PNGLayout(
            width: pixmap.width, height: pixmap.height, bitDepth: 8, colorType: opaque ? .rgb : .rgba)
        // Opaque premultiplied pixels are already straight: libpng just drops their alpha byte.
        return try LibPNGWriter.write(
            layout: layout, rows: opaque ? pixmap.bytes : pixmap.straightRGBA, stripsFiller: opaque, text: text,
            compression: compression)
    }

    /// PNG bytes for a grey image at its bit depth with the given text chunks.
    public func encode(_ image: GrayImage, text: [PNGTextChunk] = []) throws(PNGError) -> [UInt8] {
        let layout = PNGLayout(width: image.width, height: image.height, bitDepth: image.bitDepth, colorType: .gray)
        let rowBytes = layout.rowBytes
        var rows = [UInt8](repeating: 0, count: rowBytes * image.height)
        let pixelsPerByte = 8 / image.bitDepth
        // Sub-byte depths pack the leftmost pixel into the most significant bits.
        for y in 0..<image.height {
            for x in 0..<image.width {
                let shift = (pixelsPerByte - 1 - x % pixelsPerByte) * image.bitDepth
                rows[y * rowBytes + x / pixelsPerByte] |= image.levels[y * image.width + x] << shift
            }
        }
        return try LibPNGWriter.write(layout: layout, rows: rows, text: text, compression: grayCompression)
    }
}
