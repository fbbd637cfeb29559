import NetsnapModel
import NetsnapTiles

/// How one TRMNL-protocol display is mounted and what its panel shows, by its MAC address:
/// turned (`rotate`: a portrait-mounted panel gets a portrait layout, turned into its rows),
/// inverted, and for colour e-paper the panel's inks (`colors`: `bwr`, `bwry`, `spectra6`).
/// One entry of `serve.trmnl.panels`.
public struct DisplayPanelSettings: Sendable, Equatable {
    public var device: MACAddress
    public var orientation: TileOrientation
    public var palette: EPaperPalette?

    public init(device: MACAddress, orientation: TileOrientation = .upright, palette: EPaperPalette? = nil) {
        self.device = device
        self.orientation = orientation
        self.palette = palette
    }
}
