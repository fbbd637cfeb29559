import NetsnapRaster
import NetsnapSettings
import NetsnapTiles

/// The `tiles:` section, declared and read by the module that draws with it.
extension TileSettings {
    /// The `tiles` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("tiles", .section, "The PNG tiles."),
        .init("tiles.enabled", .bool, default: "true", "False writes no tiles (and loads no fonts)."),
        .init("tiles.sizes", .list, default: "[small, medium, large]", "Widget sizes to write: small, medium, large."),
        .init("tiles.scales", .list, default: "[2]", "Scales to write: 1, 2, 3."),
        .init("tiles.themes", .list, default: "[dark, light]", "Themes to write: dark, light, night."),
        .init("tiles.displays", .list, default: "[]", "Display profiles to write: named panels (`netsnap tile --help`) or WxH[:format]."),
        .init("tiles.displayTheme", .string, default: "light", "The theme display profiles are drawn in."),
        .init("tiles.dithering", .string, default: "ordered", "How grey displays show in-between tones: ordered, floyd-steinberg or none."),
        .init("tiles.timeZone", .string, note: "`timeZone`", "Where tiles tell the time."),
        .init("tiles.font", .string, default: "Inter", "The font family tiles are drawn in."),
        .init("tiles.fallbackFont", .string, default: "DejaVu Sans", "The family for characters the font lacks."),
    ]

    /// The `tiles:` section laid over these settings (the top-level `timeZone` and
    /// `publicURL` already in them), read strictly.
    public mutating func read(_ reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        if let enabled = try reader.bool("enabled") { self.enabled = enabled }
        if let sizes = try reader.strings("sizes", allowed: TileSize.allCases.map(\.rawValue)) {
            self.sizes = sizes.compactMap(TileSize.init(rawValue:))
        }
        if let scales = try reader.strings("scales", allowed: ["1", "2", "3"]) { self.scales = scales.compactMap { Int($0) } }
        if let themes = try reader.strings("themes", allowed: TileTheme.allCases.map(\.rawValue)) {
            self.themes = themes.compactMap(TileTheme.init(rawValue:))
        }
        if let displays = try reader.strings("displays") {
            self.displays = try displays.map { name throws(ConfigurationError) in
                guard let profile = DisplayProfile(name: name) else {
                    throw reader.error("displays", "\"\(name)\" is not \(DisplayProfile.expectedNames)")
                }
                return profile
            }
        }
        if let theme = try reader.string("displayTheme") {
            guard let parsed = TileTheme(rawValue: theme) else { throw reader.error("displayTheme", "expected dark, light or night") }
            displayTheme = parsed
        }
        if let dithering = try reader.string("dithering") {
            guard let parsed = Dithering(rawValue: dithering) else {
                throw reader.error(
                    "dithering", "expected \(Dithering.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(dithering)\"")
            }
            self.dithering = parsed
        }
        if let zone = try reader.timeZone() { timeZone = zone }
        if let font = try reader.string("font") { fonts.family = font }
        if let fallback = try reader.string("fallbackFont") { fonts.fallbackFamily = fallback }
    }
}
