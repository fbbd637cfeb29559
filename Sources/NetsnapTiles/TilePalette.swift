import NetsnapRaster

/// Every colour a tile uses, for one theme on one kind of screen.
struct TilePalette {
    var backgroundTop: Color
    var backgroundBottom: Color
    var cardFill: Color
    var cardBorder: Color
    var primary: Color
    var secondary: Color
    var accent: Color
    var success: Color
    var warning: Color
    var error: Color
    var barEmpty: Color
    /// Stale values and dots: readable, but visibly not current.
    var stale: Color
    /// Paper screens: status shown by dot shape too, empty bars outlined, no fills that need dithering.
    var isPaper: Bool
    /// Colour emoji drawn in the text colour (night light must stay red).
    var tintsEmoji: Bool
    /// The light modules and quiet zone of a QR code (dark ones are black): white, except
    /// at night, where a white square would light the room.
    var codeLight: Color = .white

    static func make(_ theme: TileTheme, paper: Bool) -> TilePalette {
        if paper { return paperPalette(inverted: theme != .light) }
        switch theme {
        case .dark:
            let white = Color.white
            return TilePalette(
                backgroundTop: Color(hex: 0x0F172A), backgroundBottom: Color(hex: 0x1E3A8A),
                cardFill: white.withOpacity(0.10), cardBorder: white.withOpacity(0.20),
                primary: white, secondary: white.withOpacity(0.60), accent: Color(hex: 0x06B6D4),
                success: Color(hex: 0x10B981), warning: Color(hex: 0xF59E0B), error: Color(hex: 0xEF4444),
                barEmpty: white.withOpacity(0.22), stale: white.withOpacity(0.42), isPaper: false, tintsEmoji: false)
        case .light:
            // Tailwind's 600 shades: the same hues, dark enough for white cards.
            let ink = Color(hex: 0x0F172A)
            return TilePalette(
                backgroundTop: Color(hex: 0xF1F5F9), backgroundBottom: Color(hex: 0xDBEAFE),
                cardFill: Color.white.withOpacity(0.72), cardBorder: ink.withOpacity(0.10),
                primary: ink, secondary: ink.withOpacity(0.60), accent: Color(hex: 0x0891B2),
                success: Color(hex: 0x059669), warning: Color(hex: 0xD97706), error: Color(hex: 0xDC2626),
                barEmpty: ink.withOpacity(0.15), stale: ink.withOpacity(0.40), isPaper: false, tintsEmoji: false)
        case .night:
            let red = Color(hex: 0xD33A2C)
            return TilePalette(
                backgroundTop: .black, backgroundBottom: .black,
                cardFill: red.withOpacity(0.06), cardBorder: red.withOpacity(0.22),
                primary: red, secondary: red.withOpacity(0.62), accent: red,
                success: red, warning: Color(hex: 0xE0632A), error: Color(hex: 0xFF2A1A),
                barEmpty: red.withOpacity(0.22), stale: red.withOpacity(0.40), isPaper: false, tintsEmoji: true,
                codeLight: red)
        }
    }

    /// Black ink on white paper (or the reverse); greys only where a grey format can hold them.
    private static func paperPalette(inverted: Bool) -> TilePalette {
        let ink: Color = inverted ? .white : .black
        let paper: Color = inverted ? .black : .white
        return TilePalette(
            backgroundTop: paper, backgroundBottom: paper, cardFill: paper, cardBorder: ink,
            primary: ink, secondary: ink, accent: ink, success: ink, warning: ink, error: ink,
            barEmpty: ink, stale: ink, isPaper: true, tintsEmoji: false)
    }
}
