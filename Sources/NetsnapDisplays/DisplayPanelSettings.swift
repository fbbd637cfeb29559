import NetsnapLanguage
import NetsnapModel
import NetsnapTiles

/// How one TRMNL-protocol display is mounted and what its panel shows, by its MAC address or
/// the friendly id netsnap shows for it: turned (`rotate`: a portrait-mounted panel gets a
/// portrait layout, turned into its rows), inverted, for colour e-paper the panel's inks
/// (`colors`: `bwr`, `bwry`, `spectra6`), and the screens it shows in turn, one a wake (nil:
/// the `serve.trmnl.screens` of all displays), and its language (`locale`, `clock`: a panel in
/// the grandparents' room may speak theirs). One entry of `serve.trmnl.panels`.
public struct DisplayPanelSettings: Sendable, Equatable {
    /// Which display an entry is for.
    public enum Device: Sendable, Equatable {
        case mac(MACAddress)
        /// The six hex digits `/api/setup` hands out and `displays.json` lists as `id`.
        case friendlyID(String)

        /// The friendly id's form: six hex digits, in any case.
        public static func friendlyID(parsing text: String) -> Device? {
            guard text.utf8.count == 6, text.allSatisfy(\.isHexDigit) else { return nil }
            return .friendlyID(text.uppercased())
        }

        /// As the config names it.
        public var text: String {
            switch self {
            case .mac(let mac): mac.text
            case .friendlyID(let id): id
            }
        }
    }

    public var device: Device
    public var orientation: TileOrientation
    public var palette: EPaperPalette?
    public var screens: [TileScreen]?
    /// The language this panel's pictures speak; nil: the configured `locale`.
    public var wording: Wording?

    public init(
        device: MACAddress, orientation: TileOrientation = .upright, palette: EPaperPalette? = nil, screens: [TileScreen]? = nil
    ) {
        self.init(device: .mac(device), orientation: orientation, palette: palette, screens: screens)
    }

    public init(
        device: Device, orientation: TileOrientation = .upright, palette: EPaperPalette? = nil, screens: [TileScreen]? = nil,
        wording: Wording? = nil
    ) {
        self.wording = wording
        self.device = device
        self.orientation = orientation
        self.palette = palette
        self.screens = screens
    }

    /// True when this entry is for the display with MAC address `mac`.
    package func isFor(_ mac: MACAddress) -> Bool {
        switch device {
        case .mac(let configured): configured == mac
        case .friendlyID(let id): DisplayIdentity.friendlyID(of: mac) == id
        }
    }
}
