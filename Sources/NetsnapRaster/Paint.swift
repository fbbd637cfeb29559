/// How covered pixels are coloured: a plain value, like tiny-skia's `Paint` and `Shader`.
public enum Paint: Sendable, Hashable {
    /// One colour everywhere.
    case solid(Color)
    /// A linear gradient in pixel coordinates.
    case linearGradient(LinearGradient)
}
