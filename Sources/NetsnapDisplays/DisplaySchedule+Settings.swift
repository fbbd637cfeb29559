import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapSettings
import NetsnapTiles

/// The `serve.trmnl:` and `serve.tronbyt:` sections, declared and read here, by the module
/// that uses them: unknown keys and bad values name the line and key.
extension DisplaySchedule {
    /// The `serve.trmnl` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("serve.trmnl", .section, "TRMNL displays' refresh and sleep hours."),
        .init("serve.trmnl.refreshSeconds", .integer, default: "900", unit: "seconds", "Time between a display's refreshes."),
        .init("serve.trmnl.sleepFrom", .string, note: "none", unit: "HH:MM", "Start of the displays' sleep hours; goes with sleepUntil."),
        .init("serve.trmnl.sleepUntil", .string, note: "none", unit: "HH:MM", "End of the displays' sleep hours."),
        .init(
            "serve.trmnl.alertRefreshSeconds", .integer, default: "120", unit: "seconds",
            "A display's refresh while anything is down, degraded or stale, or just changed."),
        .init(
            "serve.trmnl.lowBatteryPercent", .integer, default: "20", unit: "%",
            "Below this a display is low on battery: an event, and twice its refresh."),
        .init(
            "serve.trmnl.screens", .list, default: "[overview]",
            "The screens every display shows in turn, one a wake: overview, targets, devices, qr."),
        .init(
            "serve.trmnl.panels", .items, default: "[]",
            "Each display by device (MAC address or friendly id): rotate (0, 90, 180, 270), invert, colors (bwr, bwry, spectra6), screens, locale and clock (its own language)."
        ),
    ]

    /// The `serve.trmnl:` section: the displays' refresh, sleep hours, screens and panels.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        var schedule = DisplaySchedule()
        if let seconds = try reader.integer("refreshSeconds", in: 60...86_400) { schedule.refreshSeconds = seconds }
        if let seconds = try reader.integer("alertRefreshSeconds", in: 30...86_400) { schedule.alertRefreshSeconds = seconds }
        if let percent = try reader.integer("lowBatteryPercent", in: 0...100) { schedule.lowBatteryPercent = percent }
        if let screens = try TileScreen.list(reading: reader) { schedule.screens = screens }
        schedule.panels = try reader.sections("panels", DisplayPanelSettings.init(reading:))
        for key in ["sleepFrom", "sleepUntil"] {
            guard let text = try reader.string(key) else { continue }
            guard let value = ClockWindow.minutes(text) else {
                throw reader.error(key, "expected a time such as \"23:00\", found \"\(text)\"")
            }
            if key == "sleepFrom" { schedule.sleepFrom = value } else { schedule.sleepUntil = value }
        }
        if (schedule.sleepFrom == nil) != (schedule.sleepUntil == nil) {
            throw reader.error(schedule.sleepFrom == nil ? "sleepFrom" : "sleepUntil", "sleepFrom and sleepUntil go together")
        }
        self = schedule
    }
}

extension DisplayPanelSettings {
    /// One entry of `serve.trmnl.panels`: a display's MAC address or friendly id, how it is
    /// turned, its inks and its screens.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkKeys(["device", "rotate", "invert", "colors", "screens", "locale", "clock"])
        guard let text = try reader.string("device") else {
            throw reader.error("device", "each panel names its device's MAC address or friendly id")
        }
        guard let device = MACAddress(text).map(DisplayPanelSettings.Device.mac) ?? .friendlyID(parsing: text) else {
            throw reader.error("device", "\"\(text)\" is neither a MAC address such as AA:BB:CC:DD:EE:FF nor a friendly id such as 917F0B")
        }
        let degrees = try reader.integer("rotate", in: 0...270) ?? 0
        guard let orientation = TileOrientation(degrees: degrees, inverted: try reader.bool("invert") ?? false) else {
            throw reader.error("rotate", "expected 0, 90, 180 or 270, found \(degrees)")
        }
        var palette: EPaperPalette?
        if let colors = try reader.string("colors") {
            guard let parsed = EPaperPalette(rawValue: colors) else {
                throw reader.error("colors", "expected one of \(EPaperPalette.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            palette = parsed
        }
        self.init(
            device: device, orientation: orientation, palette: palette, screens: try TileScreen.list(reading: reader),
            wording: try reader.wording())
    }
}

extension TileScreen {
    /// `screens`: the screens a display shows in turn, one a wake; at least one.
    static func list(reading reader: ConfigurationReader) throws(ConfigurationError) -> [TileScreen]? {
        guard let names = try reader.strings("screens", allowed: TileScreen.allCases.map(\.rawValue)) else { return nil }
        guard !names.isEmpty else { throw reader.error("screens", "expected at least one of \(TileScreen.names)") }
        return names.compactMap(TileScreen.init(rawValue:))
    }
}
