extension TextStyle {
    /// The most Unicode scalars a line `maxWidth` pixels wide lays out. Text beyond it is cut
    /// before any glyph is looked up, in time proportional to the budget, so a line costs
    /// the same for a ten-megabyte name as for one a little too long to fit. Visible glyphs
    /// are far wider than a twentieth of an em; the budget only bites on text that is mostly
    /// zero-width marks, which then ends in "…" like any other cut text.
    public func scalarBudget(maxWidth: Double) -> Int {
        let perScalar = max(pixelSize, 1) / 20
        return 16 + Int(min(max(maxWidth, 0) / perScalar, 1_000_000))
    }

    /// The first `scalarBudget(maxWidth:)` scalars of `text` and whether anything was left
    /// out; O(budget), never O(text).
    public func cut(_ text: String, maxWidth: Double) -> (text: Substring, isCut: Bool) {
        let scalars = text.unicodeScalars
        guard
            let end = scalars.index(scalars.startIndex, offsetBy: scalarBudget(maxWidth: maxWidth), limitedBy: scalars.endIndex),
            end != scalars.endIndex
        else { return (text[...], false) }
        return (Substring(scalars[..<end]), true)
    }
}
