/// A label on the map cut to the room it has. The page cannot measure text before the
/// browser lays it out, so widths are estimated from the letters, generously (a wide sans
/// serif's widest letters, East Asian letters and emoji a full em and more), so the
/// estimate is never under what a browser draws and the boxes the layout keeps apart hold
/// the drawn text.
struct MapLabel: Equatable, Sendable {
    let text: String
    /// The estimated width in the map's units.
    let width: Double

    /// `text` at `fontSize`, cut with "…" to at most `maxWidth`.
    init(_ text: String, fontSize: Double, maxWidth: Double) {
        let full = Self.width(of: text, fontSize: fontSize)
        guard full > maxWidth else {
            self.text = text
            width = full
            return
        }
        let room = maxWidth - Self.width(of: "…", fontSize: fontSize)
        var kept = ""
        var keptWidth = 0.0
        for character in text {
            let next = Self.width(of: String(character), fontSize: fontSize)
            guard keptWidth + next <= room else { break }
            kept.append(character)
            keptWidth += next
        }
        // Trailing spaces before the ellipsis read as a gap.
        while kept.last?.isWhitespace == true { kept.removeLast() }
        self.text = kept + "…"
        width = Self.width(of: self.text, fontSize: fontSize)
    }

    /// The estimated width of `text` at `fontSize`: each character by its widest letter.
    static func width(of text: String, fontSize: Double) -> Double {
        text.reduce(0) { $0 + em(of: $1) * fontSize }
    }

    /// Ems of one user-perceived character (a letter with its accents counts once).
    private static func em(of character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first?.value else { return 0 }
        if isWide(scalar) { return 1.1 }
        if "mwMW@%&".contains(character) { return 1.0 }
        if character.isUppercase { return 0.8 }
        if "iljtfr.,:;'!|-() ".contains(character) { return 0.42 }
        return 0.66
    }

    /// East Asian wide letters and emoji, which take a full em or more.
    private static func isWide(_ scalar: UInt32) -> Bool {
        let ranges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2600...0x27BF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD,
        ]
        return ranges.contains { $0.contains(scalar) }
    }
}
