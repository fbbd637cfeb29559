import NetsnapModel
import NetsnapTiles

/// How one TRMNL-protocol display is mounted and what its panel shows, by its MAC address:
/// turned (`rotate`: a portrait-mounted panel gets a portrait layout, turned into its rows),
/// inverted, for colour e-paper the panel's inks (`colors`: `bwr`, `bwry`, `spectra6`), and
/// the screens it shows in turn, one a wake (nil: the `serve.trmnl.screens` of all displays).
/// One entry of `serve.trmnl.panels`.
public struct DisplayPanelSettings: Sendable, Equatable {
    public var device: MACAddress
    public var orientation: TileOrientation
    public var palette: EPaperPalette?
    public var screens: [TileScreen]?

    public init(
        device: MACAddress, orientation: TileOrientation = .upright, palette: EPaperPalette? = nil, screens: [TileScreen]? = nil
    ) {
        self.device = device
        self.orientation = orientation
        self.palette = palette
        self.screens = screens
    }
}
