import NetsnapPNG
import NetsnapRaster

/// The inks of a colour e-paper panel, for `format=bwr` (black, white, red), `bwry` (and
/// yellow) and `spectra6` (E Ink Spectra 6: black, white, yellow, red, blue, green, e.g. a
/// 7.3″ 800 × 480 panel) — in the index order the panels' controllers use, skipping the
/// Spectra 6's unused fifth slot. A tile is drawn in colour and each pixel becomes one ink,
/// keeping what colours mean: red stays red (down), amber and yellow become yellow
/// (degraded) — red where the panel has no yellow — green and blue their own ink where the
/// panel has one, else black. Nothing is mixed from dots: a tile is text, lines and flat
/// fills, so greys (muted text, anti-aliased edges) become black below `greyThreshold` and
/// white above it (light tints and backgrounds), which keeps text crisp on paper.
public enum EPaperPalette: String, Sendable, Hashable, CaseIterable {
    case bwr
    case bwry
    case spectra6

    public enum Ink: Sendable, Hashable {
        case black, white, yellow, red, blue, green

        var color: PNGPaletteColor {
            switch self {
            case .black: PNGPaletteColor(red: 0, green: 0, blue: 0)
            case .white: PNGPaletteColor(red: 255, green: 255, blue: 255)
            case .yellow: PNGPaletteColor(red: 255, green: 255, blue: 0)
            case .red: PNGPaletteColor(red: 255, green: 0, blue: 0)
            case .blue: PNGPaletteColor(red: 0, green: 0, blue: 255)
            case .green: PNGPaletteColor(red: 0, green: 255, blue: 0)
            }
        }
    }

    public var inks: [Ink] {
        switch self {
        case .bwr: [.black, .white, .red]
        case .bwry: [.black, .white, .yellow, .red]
        case .spectra6: [.black, .white, .yellow, .red, .blue, .green]
        }
    }

    public var colors: [PNGPaletteColor] { inks.map(\.color) }

    /// The ink for a pixel of colour `red`, `green`, `blue`.
    public func ink(red: UInt8, green: UInt8, blue: UInt8) -> Ink {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        let high = max(r, g, b)
        let chroma = high - min(r, g, b)
        guard chroma >= 64 else {
            let luma = (r * 299 + g * 587 + b * 114) / 1000
            return luma < Self.greyThreshold ? .black : .white
        }
        let hue = Self.hue(r, g, b, high: high, chroma: chroma)
        switch hue {
        case 20..<75: return inks.contains(.yellow) ? .yellow : .red
        case 75..<170: return inks.contains(.green) ? .green : .black
        case 170..<300: return inks.contains(.blue) ? .blue : .black
        default: return .red
        }
    }

    /// The hue in degrees, 0 to 359.
    static func hue(_ r: Int, _ g: Int, _ b: Int, high: Int, chroma: Int) -> Int {
        let sector: Double
        if high == r {
            sector = Double(g - b) / Double(chroma)
        } else if high == g {
            sector = Double(b - r) / Double(chroma) + 2
        } else {
            sector = Double(r - g) / Double(chroma) + 4
        }
        return (Int((sector * 60).rounded()) + 360) % 360
    }

    /// Greys darker than this (0–255) are ink: muted text stays legible, card tints vanish.
    static let greyThreshold = 200

    /// The palette indices of `pixmap`, row by row.
    public func indices(of pixmap: Pixmap) -> [UInt8] {
        let rgba = pixmap.straightRGBA
        var indices = [UInt8](repeating: 0, count: pixmap.width * pixmap.height)
        let position = Dictionary(uniqueKeysWithValues: inks.enumerated().map { ($1, UInt8($0)) })
        for index in indices.indices {
            let pixel = index * 4
            indices[index] = position[ink(red: rgba[pixel], green: rgba[pixel + 1], blue: rgba[pixel + 2])]!
        }
        return indices
    }
}
