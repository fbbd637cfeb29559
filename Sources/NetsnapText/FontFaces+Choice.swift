/// Which face draws a character: emoji, fallbacks, spaces between words.
extension FontFaces {
    /// The face a character is shaped in. Emoji come from the colour emoji font, or for
    /// `colorGlyphs` off from an outline font that has them (the colour font's silhouette
    /// when none does). Other text: the main font; for kana and ideographs the CJK family
    /// (its words' subset compiled in, then the installed family by name, which is fast and
    /// picks the Japanese glyph forms); the fallback family; then
    /// whatever fontconfig finds, preferring a face that has every scalar so marks stay with
    /// their letter. A space stays in the face of the text before it, so a run of Arabic words
    /// is shaped as one. Fonts are looked up only as a character needs them (each family
    /// once), so text the main font covers never asks fontconfig for more.
    func face(for character: Character, weight: FontWeight, colorGlyphs: Bool, previous: Int?) -> Int? {
        let drawn = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        // Joiners, selectors and bidi controls alone shape with their neighbours and never show.
        guard let base = drawn.first else { return previous ?? primaryFace(weight) }
        let emojiFont = { self.configuration.colorEmoji ? self.emojiFace() : nil }
        if Self.isEmoji(character) {
            if colorGlyphs, let emojiFont = emojiFont(), self[emojiFont].covers(base) { return emojiFont }
            if !colorGlyphs {
                let outline = [
                    { self.primaryFace(weight) }, { self.fallbackFace(weight) },
                    { self.coveringFace(base, weight: weight, outlineOnly: true) },
                ]
                if let face = outline.lazy.compactMap({ $0() }).first(where: { self[$0].covers(base) }) { return face }
                if let emojiFont = emojiFont(), self[emojiFont].covers(base) { return emojiFont }
            }
        }
        // Not the emoji font's space, which is as wide as an emoji (a colour bitmap font is one;
        // the emoji font, if looked up already, is one).
        if character.isWhitespace, let previous, !self[previous].isColorBitmap, previous != emoji ?? nil,
            drawn.allSatisfy(self[previous].covers)
        {
            return previous
        }
        // Kana and ideographs go to the CJK family before the fallback one, which lacks them:
        // asking it first would load its faces for nothing.
        let eastAsian = Self.isEastAsian(base)
        let named = [
            { self.primaryFace(weight) }, { eastAsian ? self.embeddedEastAsianFace(weight) : nil },
            { eastAsian ? self.eastAsianFace(weight) : nil }, { self.fallbackFace(weight) },
        ].lazy.compactMap { $0() }
        if let face = named.first(where: { face in drawn.allSatisfy(self[face].covers) }) { return face }
        if let face = coveringFace(base, weight: weight, outlineOnly: false), self[face].covers(base) { return face }
        if let face = named.first(where: { self[$0].covers(base) }) { return face }
        if let emojiFont = emojiFont(), self[emojiFont].covers(base) { return emojiFont }
        return nil
    }

    /// Kana, CJK ideographs and punctuation, and full-width forms: looked up by the CJK family's
    /// name, which needs only the font folders, before fontconfig's whole configuration.
    static func isEastAsian(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF: true
        default: false
        }
    }

    /// Emoji presentation by default, or text made emoji by a U+FE0F variation selector.
    private static func isEmoji(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation
            || (first.properties.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
    }
}
