/// A colour whose channels are already multiplied by its alpha — the form compositing
/// works in, because source-over then needs no division.
struct PremultipliedColor: Hashable {
    var red: UInt32
    var green: UInt32
    var blue: UInt32
    var alpha: UInt32

    init(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(_ color: Color) {
        let alpha = UInt32(color.alpha)
        self.init(
            red: Self.multiply(UInt32(color.red), alpha), green: Self.multiply(UInt32(color.green), alpha),
            blue: Self.multiply(UInt32(color.blue), alpha), alpha: alpha)
    }

    /// Back to straight alpha, rounding to nearest.
    var straight: Color {
        guard alpha > 0 else { return .clear }
        func channel(_ value: UInt32) -> UInt8 { UInt8(min(255, (value * 255 + alpha / 2) / alpha)) }
        return Color(red: channel(red), green: channel(green), blue: channel(blue), alpha: UInt8(alpha))
    }

    /// The four bytes of a pixel (red, green, blue, alpha in memory order) as one word.
    var word: UInt32 {
        UInt32(littleEndian: (red & 255) | (green & 255) << 8 | (blue & 255) << 16 | (alpha & 255) << 24)
    }

    /// Source-over of this colour on the pixel `word` holds, as a word.
    func over(word: UInt32) -> UInt32 {
        let below = UInt32(littleEndian: word)
        let inverse = 255 &- alpha
        func channel(_ source: UInt32, _ shift: UInt32) -> UInt32 {
            (source &+ Self.multiply((below >> shift) & 255, inverse)) & 255
        }
        return UInt32(littleEndian: channel(red, 0) | channel(green, 8) << 8 | channel(blue, 16) << 16 | channel(alpha, 24) << 24)
    }

    /// This colour scaled by a coverage of 0–255.
    func scaled(by coverage: UInt32) -> PremultipliedColor {
        PremultipliedColor(
            red: Self.multiply(red, coverage), green: Self.multiply(green, coverage),
            blue: Self.multiply(blue, coverage), alpha: Self.multiply(alpha, coverage))
    }

    func interpolated(to other: PremultipliedColor, _ fraction: Double) -> PremultipliedColor {
        func mix(_ a: UInt32, _ b: UInt32) -> UInt32 {
            UInt32((Double(a) + (Double(b) - Double(a)) * fraction).rounded())
        }
        return PremultipliedColor(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: mix(alpha, other.alpha))
    }

    /// `a × b / 255`, correctly rounded, without a division.
    @inline(__always)
    static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        // Both factors are 0–255, so nothing can overflow: wrapping operators spare the
        // hot compositing loops their overflow checks.
        let t = a &* b &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
