/// A rectangle of RGBA pixels stored premultiplied, row by row, 4 bytes a pixel.
///
/// A pixmap only stores pixels; drawing operations live in extensions and take every
/// input explicitly, so two draws never influence each other through hidden state.
public struct Pixmap: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA bytes, `width × height × 4` of them.
    public internal(set) var bytes: [UInt8]

    /// A pixmap filled with one colour (transparent by default).
    public init(width: Int, height: Int, fill: Color = .clear) {
        precondition(width > 0 && height > 0, "a pixmap needs a positive size")
        self.width = width
        self.height = height
        let pixel = PremultipliedColor(fill)
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        if pixel.alpha > 0 {
            for index in stride(from: 0, to: bytes.count, by: 4) {
                bytes[index] = UInt8(pixel.red)
                bytes[index + 1] = UInt8(pixel.green)
                bytes[index + 2] = UInt8(pixel.blue)
                bytes[index + 3] = UInt8(pixel.alpha)
            }
        }
    }

    /// Wraps existing premultiplied RGBA bytes.
    public init(width: Int, height: Int, premultipliedRGBA: [UInt8]) {
        precondition(width > 0 && height > 0 && premultipliedRGBA.count == width * height * 4, "byte count must match the size")
        self.width = width
        self.height = height
        bytes = premultipliedRGBA
    }

    /// The whole pixmap as a rectangle, for clipping.
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    /// The colour of one pixel with straight alpha.
    public func pixel(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        let index = (y * width + x) * 4
        return PremultipliedColor(
            red: UInt32(bytes[index]), green: UInt32(bytes[index + 1]), blue: UInt32(bytes[index + 2]),
            alpha: UInt32(bytes[index + 3])
        ).straight
    }

    /// True when every pixel is fully opaque, so an encoder may drop the alpha channel.
    public var isOpaque: Bool {
        // Whole pixels at a time, their alpha bytes ANDed: one pass the compiler vectorizes,
        // where a byte-by-byte look was a tenth of encoding a medium@2x tile.
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt32.self) { pixels in
                var alphas: UInt32 = 0xFF00_0000
                for pixel in pixels { alphas &= UInt32(littleEndian: pixel) }
                return alphas & 0xFF00_0000 == 0xFF00_0000
            }
        }
    }

    /// Straight-alpha RGBA bytes, what PNG stores.
    public var straightRGBA: [UInt8] {
        var out = bytes
        for index in stride(from: 0, to: out.count, by: 4) where out[index + 3] != 255 {
            let color = pixel(x: (index / 4) % width, y: (index / 4) / width)
            out[index] = color.red
            out[index + 1] = color.green
            out[index + 2] = color.blue
        }
        return out
    }

    /// Source-over of a premultiplied colour at byte `index` of `pixels`; the one
    /// compositing rule all drawing goes through. Works on a span so hot loops pay
    /// neither copy-on-write checks nor unsafe pointers.
    @inline(__always)
    static func blend(_ pixels: inout MutableSpan<UInt8>, at index: Int, _ source: PremultipliedColor) {
        if source.alpha == 255 {
            pixels[index] = UInt8(truncatingIfNeeded: source.red)
            pixels[index + 1] = UInt8(truncatingIfNeeded: source.green)
            pixels[index + 2] = UInt8(truncatingIfNeeded: source.blue)
            pixels[index + 3] = 255
            return
        }
        // Premultiplied channels never exceed alpha, so each sum stays within 0–255.
        let inverse = 255 &- source.alpha
        pixels[index] = UInt8(truncatingIfNeeded: source.red &+ PremultipliedColor.multiply(UInt32(pixels[index]), inverse))
        pixels[index + 1] = UInt8(truncatingIfNeeded: source.green &+ PremultipliedColor.multiply(UInt32(pixels[index + 1]), inverse))
        pixels[index + 2] = UInt8(truncatingIfNeeded: source.blue &+ PremultipliedColor.multiply(UInt32(pixels[index + 2]), inverse))
        pixels[index + 3] = UInt8(truncatingIfNeeded: source.alpha &+ PremultipliedColor.multiply(UInt32(pixels[index + 3]), inverse))
    }

    /// The integer pixel span `[x0, x1) × [y0, y1)` touched by `rect` within the pixmap and `clip`.
    func pixelSpan(of rect: Rect, clip: Rect?) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var area = rect.intersection(bounds)
        if let clip { area = area.intersection(clip) }
        guard !area.isEmpty else { return nil }
        let x0 = Int(area.x.rounded(.down))
        let y0 = Int(area.y.rounded(.down))
        let x1 = Int(area.maxX.rounded(.up))
        let y1 = Int(area.maxY.rounded(.up))
        return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
    }
}
