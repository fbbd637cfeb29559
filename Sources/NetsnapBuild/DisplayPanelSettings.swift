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

    static let keys = ["device", "rotate", "invert", "colors"]

    /// Reads one entry strictly: unknown keys and bad values name the line and key.
    init(_ reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkKeys(Self.keys)
        guard let text = try reader.string("device") else { throw reader.error("device", "each panel names its device's MAC address") }
        guard let device = MACAddress(text) else {
            throw reader.error("device", "\"\(text)\" is not a MAC address such as AA:BB:CC:DD:EE:FF")
        }
        let degrees = try reader.integer("rotate", in: 0...270) ?? 0
        guard let orientation = TileOrientation(degrees: degrees, inverted: try reader.bool("invert") ?? false) else {
            throw reader.error("rotate", "expected 0, 90, 180 or 270, found \(degrees)")
        }
        self.device = device
        self.orientation = orientation
        palette = nil
        if let colors = try reader.string("colors") {
            guard let palette = EPaperPalette(rawValue: colors) else {
                throw reader.error("colors", "expected one of \(EPaperPalette.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.palette = palette
        }
    }
}
