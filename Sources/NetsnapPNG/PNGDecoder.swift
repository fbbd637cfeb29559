import CLibPNG

/// Reads PNG bytes with libpng's simplified API, which catches libpng's errors itself,
/// so a damaged file becomes a thrown error instead of a jump through Swift frames.
public struct PNGDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// The header, text chunks and RGBA pixels of `bytes`.
    public func decode(_ bytes: [UInt8]) throws(PNGError) -> DecodedPNG {
        try PNGLibraries.open()
        let layout = try PNGChunks.header(bytes)
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { raw in
            libpng.png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw .unreadable(Self.message(of: &image)) }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let finished = rgba.withUnsafeMutableBytes { raw in
            libpng.png_image_finish_read(&image, nil, raw.baseAddress, 0, nil)
        }
        guard finished != 0 else { throw .unreadable(Self.message(of: &image)) }
        return DecodedPNG(layout: layout, text: PNGChunks.textChunks(bytes), rgba: rgba)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
