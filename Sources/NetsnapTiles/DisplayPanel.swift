/// A popular panel known by name, with its canvas and the pixel format it shows best.
public struct DisplayPanel: Sendable, Hashable {
    /// The name `DisplayProfile(name:)` reads, e.g. `waveshare-7in5`.
    public var name: String
    /// Canvas width in pixels, in the orientation the tile is drawn.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// The pixel format written.
    public var format: TileColorFormat
    /// What the panel is, for help texts and docs/tiles.md.
    public var summary: String

    /// The panels known by name besides `trmnl`, `trmnl-gray` and `kindle`. Sizes from the
    /// makers' and ESPHome's documentation. Inkplates show 8 greys (3 bits): PNG has no
    /// 3-bit grey, so they get 4-bit, which the panel rounds to its levels.
    public static let catalogue: [DisplayPanel] = [
        DisplayPanel(name: "waveshare-1in54", width: 200, height: 200, format: .gray(bitDepth: 1), summary: "Waveshare 1.54\" e-paper"),
        DisplayPanel(name: "waveshare-2in13", width: 250, height: 122, format: .gray(bitDepth: 1), summary: "Waveshare 2.13\" e-paper HAT"),
        DisplayPanel(name: "waveshare-2in13-b", width: 212, height: 104, format: .gray(bitDepth: 1), summary: "Waveshare 2.13\" HAT (B/C)"),
        DisplayPanel(name: "waveshare-2in9", width: 296, height: 128, format: .gray(bitDepth: 1), summary: "Waveshare 2.9\" e-paper"),
        DisplayPanel(name: "waveshare-4in2", width: 400, height: 300, format: .gray(bitDepth: 1), summary: "Waveshare 4.2\" e-paper"),
        DisplayPanel(name: "waveshare-7in5", width: 800, height: 480, format: .gray(bitDepth: 1), summary: "Waveshare 7.5\" e-paper V2"),
        DisplayPanel(name: "inkplate-6", width: 800, height: 600, format: .gray(bitDepth: 4), summary: "Inkplate 6 (3-bit grey)"),
        DisplayPanel(name: "inkplate-10", width: 1200, height: 825, format: .gray(bitDepth: 4), summary: "Inkplate 10 (3-bit grey)"),
        DisplayPanel(
            name: "kindle-paperwhite", width: 1072, height: 1448, format: .gray(bitDepth: 8), summary: "Kindle Paperwhite 3 and later"),
        DisplayPanel(name: "led-64x32", width: 64, height: 32, format: .rgb, summary: "HUB75 RGB LED matrix"),
        DisplayPanel(name: "led-128x64", width: 128, height: 64, format: .rgb, summary: "HUB75 RGB LED matrix"),
    ]

    /// The panel called `name` (any case), if known.
    public static func named(_ name: String) -> DisplayPanel? {
        catalogue.first { $0.name == name.lowercased() }
    }
}
