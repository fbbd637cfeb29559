/// How a line of text is set: size in pixels, weight, anti-aliasing, and whether emoji
/// keep their colours.
public struct TextStyle: Sendable, Hashable {
    /// The em size in pixels (points × scale).
    public var pixelSize: Double
    /// The weight.
    public var weight: FontWeight
    /// Hinted 1-bit glyphs instead of anti-aliased ones, for 1-bit e-ink output.
    public var monochrome: Bool
    /// Emoji from the colour emoji font. Off for screens of two or four greys, where a
    /// colour picture could only be dithered into noise: emoji then come from an outline
    /// font (Symbola, DejaVu) in the text colour, or as the colour glyph's crisp silhouette.
    public var colorGlyphs: Bool

    /// Creates a style.
    public init(pixelSize: Double, weight: FontWeight = .regular, monochrome: Bool = false, colorGlyphs: Bool = true) {
        self.pixelSize = pixelSize
        self.weight = weight
        self.monochrome = monochrome
        self.colorGlyphs = colorGlyphs
    }
}
