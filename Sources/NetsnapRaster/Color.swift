/// An sRGB colour with straight (not premultiplied) 8-bit alpha.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red channel.
    public var red: UInt8
    /// Green channel.
    public var green: UInt8
    /// Blue channel.
    public var blue: UInt8
    /// Opacity; 255 is opaque.
    public var alpha: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates an opaque colour from `0xRRGGBB`, optionally with an opacity from 0 to 1.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(
            red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF),
            alpha: UInt8((min(max(opacity, 0), 1) * 255).rounded()))
    }

    /// The same colour with its opacity multiplied by `factor` (0–1).
    public func withOpacity(_ factor: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((Double(alpha) * min(max(factor, 0), 1)).rounded())
        return copy
    }

    /// Relative luminance on the 0–255 scale (Rec. 709 weights on the stored sRGB values),
    /// which is what grey and e-ink output are made from.
    public var luma: Int { (54 * Int(red) + 183 * Int(green) + 19 * Int(blue) + 128) >> 8 }

    /// `#RRGGBBAA`, for test failure messages.
    public var description: String {
        "#"
            + [red, green, blue, alpha].map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
