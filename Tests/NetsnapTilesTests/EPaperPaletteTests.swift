import NetsnapPNG
import NetsnapRaster
import Testing

@testable import NetsnapTiles

/// Colour e-paper: each pixel one of the panel's inks, the status colours keeping their meaning.
@Suite struct EPaperPaletteTests {
    /// The light theme's status colours (Tailwind 600 shades: `TilePalette`).
    static let success = (r: UInt8(0x05), g: UInt8(0x96), b: UInt8(0x69))
    static let warning = (r: UInt8(0xD9), g: UInt8(0x77), b: UInt8(0x06))
    static let error = (r: UInt8(0xDC), g: UInt8(0x26), b: UInt8(0x26))
    static let accent = (r: UInt8(0x08), g: UInt8(0x91), b: UInt8(0xB2))

    @Test func downIsRedDegradedYellowAndTheRestWhereThePanelHasIt() {
        func ink(_ palette: EPaperPalette, _ color: (r: UInt8, g: UInt8, b: UInt8)) -> EPaperPalette.Ink {
            palette.ink(red: color.r, green: color.g, blue: color.b)
        }
        #expect(EPaperPalette.allCases.allSatisfy { ink($0, Self.error) == .red })
        #expect(ink(.bwr, Self.warning) == .red, "no yellow ink: a warning is still a warm colour, never black")
        #expect(ink(.bwry, Self.warning) == .yellow && ink(.spectra6, Self.warning) == .yellow)
        #expect(ink(.bwry, Self.success) == .black && ink(.spectra6, Self.success) == .green)
        #expect(ink(.bwr, Self.accent) == .black && ink(.spectra6, Self.accent) == .blue)
        // Greys: text is ink, tints and backgrounds are paper.
        #expect(ink(.spectra6, (0x0F, 0x17, 0x2A)) == .black)
        #expect(ink(.spectra6, (0x9C, 0xA3, 0xAF)) == .black)
        #expect(ink(.spectra6, (0xF1, 0xF5, 0xF9)) == .white && ink(.spectra6, (0xDB, 0xEA, 0xFE)) == .white)
    }

    @Test func theIndexedPNGHoldsExactlyThePanelsInks() throws {
        let pixmap = Pixmap(
            width: 4, height: 1,
            premultipliedRGBA: [
                Self.error.r, Self.error.g, Self.error.b, 255, Self.warning.r, Self.warning.g, Self.warning.b, 255,
                0, 0, 0, 255, 255, 255, 255, 255,
            ])
        let png = try PNGEncoder().encode(pixmap)
        let indexed = try TileImageConverter.convert(png: png, orientation: .upright, file: .png, palette: .bwry)
        let decoded = try PNGDecoder().decode(indexed)
        #expect(decoded.layout.colorType == .palette && decoded.layout.bitDepth == 2)
        #expect(decoded.rgba == [255, 0, 0, 255, 255, 255, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255])
        let six = try PNGDecoder().decode(try TileImageConverter.convert(png: png, orientation: .upright, file: .png, palette: .spectra6))
        #expect(six.layout.bitDepth == 4)
        #expect(EPaperPalette.spectra6.colors.count == 6 && EPaperPalette.bwr.colors.count == 3)
    }
}
