/// How a grey value between two output levels is represented.
public enum Dithering: String, Sendable, Hashable, CaseIterable {
    /// Round to the nearest level: flat colours and text stay solid, gradients band.
    case none
    /// An 8×8 Bayer threshold pattern. Pixels already on a level stay exactly on it, so
    /// text and flat fills remain solid and only in-between tones (gradients, greys)
    /// turn into a pattern; it also compresses well.
    case ordered
    /// Floyd–Steinberg error diffusion: the finest tone, at the cost of scattered dots
    /// next to edges.
    case floydSteinberg = "floyd-steinberg"
}
