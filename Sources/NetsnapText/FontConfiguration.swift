/// Which fonts to use, by family name as fontconfig knows them.
public struct FontConfiguration: Sendable, Hashable {
    /// The main family.
    public var family: String
    /// The family used when the main one is missing or lacks a glyph.
    public var fallbackFamily: String
    /// Whether emoji come from a colour emoji font when one is installed.
    public var colorEmoji: Bool

    /// Creates a configuration.
    public init(family: String = "Inter", fallbackFamily: String = "DejaVu Sans", colorEmoji: Bool = true) {
        self.family = family
        self.fallbackFamily = fallbackFamily
        self.colorEmoji = colorEmoji
    }
}
