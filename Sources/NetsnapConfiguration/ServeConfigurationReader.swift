import NetsnapDisplays
import NetsnapModel
import NetsnapServer
import NetsnapSettings
import NetsnapTiles

/// Reads the `serve:` section strictly: unknown keys and bad values name the line and key.
enum ServeConfigurationReader {
    /// The `serve:` section, read strictly: unknown keys and bad values name the line and key.
    static func serve(_ reader: ConfigurationReader) throws(ConfigurationError) -> ServeConfiguration {
        var settings = ServeConfiguration()
        try reader.checkDocumentedKeys()
        if let host = try reader.string("host") {
            guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
                throw reader.error("host", "expected an address such as 127.0.0.1 or ::1")
            }
            settings.host = host
        }
        if let port = try reader.integer("port", in: 0...65_535) { settings.port = port }
        if let ranges = try reader.strings("allowFrom") {
            settings.allowFrom = try ranges.map { text throws(ConfigurationError) in
                guard let range = AddressRange(text) else {
                    throw reader.error("allowFrom", "\"\(text)\" is not an IP address or CIDR block such as 172.30.32.2 or 10.0.0.0/8")
                }
                return range
            }
        }
        if let token = try reader.string("token") {
            // Visible ASCII only, so it travels unchanged in a header; long enough not to guess.
            guard token.count >= 16, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw reader.error("token", "expected at least 16 visible ASCII characters without spaces")
            }
            settings.token = token
        }
        if let paths = try reader.strings("publicPaths") {
            for path in paths where !isPlainPath(path) {
                throw reader.error("publicPaths", "\"\(path)\" is not a plain path such as /badge.json")
            }
            settings.publicPaths = paths
        }
        if let interval = try reader.number("intervalSeconds", in: 1...86_400) { settings.intervalSeconds = interval }
        if let limit = try reader.integer("connectionLimit", in: 1...100_000) { settings.connectionLimit = limit }
        if let perAddress = try reader.integer("connectionsPerAddress", in: 1...100_000) { settings.connectionsPerAddress = perAddress }
        if let timeout = try reader.number("headerTimeoutSeconds", in: 0.1...3_600) { settings.headerTimeoutSeconds = timeout }
        if let timeout = try reader.number("requestTimeoutSeconds", in: 0.1...3_600) { settings.requestTimeoutSeconds = timeout }
        if let section = try reader.section("trmnl") { settings.trmnl = try trmnl(section) }
        if let section = try reader.section("tronbyt") { settings.tronbyt = try tronbyt(section) }
        if let advertise = try reader.bool("advertise") { settings.advertise = advertise }
        if let name = try reader.string("advertiseName") {
            // DNS-SD instance names are at most 63 bytes of UTF-8.
            guard !name.isEmpty, name.utf8.count <= 63, !name.contains(where: \.isNewline) else {
                throw reader.error("advertiseName", "expected a name of 1 to 63 bytes on one line")
            }
            settings.advertiseName = name
        }
        if let devices = try reader.strings("trmnlDevices") {
            settings.trmnlDevices = try devices.map { text throws(ConfigurationError) in
                guard let mac = MACAddress(text) else {
                    throw reader.error("trmnlDevices", "\"\(text)\" is not a MAC address such as AA:BB:CC:DD:EE:FF")
                }
                return mac
            }
        }
        return settings
    }

    /// A path that starts with "/" and has no empty, "." or ".." segments, escapes or backslashes.
    static func isPlainPath(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.contains("%"), !path.contains("\\") else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return segments.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The `serve.trmnl:` section: the displays' refresh and sleep hours.
    static func trmnl(_ reader: ConfigurationReader) throws(ConfigurationError) -> DisplaySchedule {
        try reader.checkDocumentedKeys()
        var schedule = DisplaySchedule()
        if let seconds = try reader.integer("refreshSeconds", in: 60...86_400) { schedule.refreshSeconds = seconds }
        if let seconds = try reader.integer("alertRefreshSeconds", in: 30...86_400) { schedule.alertRefreshSeconds = seconds }
        if let percent = try reader.integer("lowBatteryPercent", in: 0...100) { schedule.lowBatteryPercent = percent }
        if let screens = try screens(reader) { schedule.screens = screens }
        if let entries = try reader.sections("panels") {
            schedule.panels = try entries.map { entry throws(ConfigurationError) in try panel(entry) }
        }
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
        return schedule
    }

    /// One entry of `serve.trmnl.panels`: a display's MAC address or friendly id, how it is
    /// turned, its inks and its screens.
    static func panel(_ reader: ConfigurationReader) throws(ConfigurationError) -> DisplayPanelSettings {
        try reader.checkKeys(["device", "rotate", "invert", "colors", "screens"])
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
        return DisplayPanelSettings(device: device, orientation: orientation, palette: palette, screens: try screens(reader))
    }

    /// `screens`: the screens a display shows in turn, one a wake; at least one.
    static func screens(_ reader: ConfigurationReader) throws(ConfigurationError) -> [TileScreen]? {
        guard let names = try reader.strings("screens", allowed: TileScreen.allCases.map(\.rawValue)) else { return nil }
        guard !names.isEmpty else { throw reader.error("screens", "expected at least one of \(TileScreen.names)") }
        return names.compactMap(TileScreen.init(rawValue:))
    }

    /// The `serve.tronbyt:` section: brightness by day and night and the calm dwell, for all
    /// Tronbyts and by device name.
    static func tronbyt(_ reader: ConfigurationReader) throws(ConfigurationError) -> TronbytSettings {
        try reader.checkDocumentedKeys()
        var settings = TronbytSettings()
        if let percent = try reader.integer("brightness", in: 0...100) { settings.brightness = percent }
        if let percent = try reader.integer("nightBrightness", in: 0...100) { settings.nightBrightness = percent }
        settings.dwellSeconds = try reader.integer("dwellSeconds", in: 5...86_400)
        if let entries = try reader.sections("devices") {
            settings.devices = try entries.map { entry throws(ConfigurationError) in try tronbytDevice(entry) }
        }
        return settings
    }

    /// One entry of `serve.tronbyt.devices`: a device's name in its URL and its own values.
    static func tronbytDevice(_ reader: ConfigurationReader) throws(ConfigurationError) -> TronbytSettings.Device {
        try reader.checkKeys(["device", "brightness", "nightBrightness", "dwellSeconds"])
        guard let name = try reader.string("device"), TronbytSettings.isDeviceName(name) else {
            throw reader.error("device", "each device names its /tronbyt/<device>/next: 1 to 64 letters, digits, - and _")
        }
        return TronbytSettings.Device(
            name: name, brightness: try reader.integer("brightness", in: 0...100),
            nightBrightness: try reader.integer("nightBrightness", in: 0...100),
            dwellSeconds: try reader.integer("dwellSeconds", in: 5...86_400))
    }
}
