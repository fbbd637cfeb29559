import NetsnapSettings

/// The `serve.tronbyt:` section, declared and read by the module that uses it.
extension TronbytSettings {
    /// The `serve.tronbyt` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("serve.tronbyt", .section, "What Tronbyt LED matrices are told beside the picture."),
        .init("serve.tronbyt.brightness", .integer, default: "100", unit: "%", "Tronbyt-Brightness by day (0 to 100)."),
        .init(
            "serve.tronbyt.nightBrightness", .integer, default: "10", unit: "%",
            "Tronbyt-Brightness inside the night hours (nightFrom to nightUntil)."),
        .init(
            "serve.tronbyt.dwellSeconds", .integer, note: "`serve.trmnl.refreshSeconds`", unit: "seconds",
            "Tronbyt-Dwell-Secs while all is calm; alerts shorten it to serve.trmnl.alertRefreshSeconds."),
        .init(
            "serve.tronbyt.devices", .items, default: "[]",
            "Each Tronbyt by device (its name in /tronbyt/<device>/next): brightness, nightBrightness, dwellSeconds."),
    ]

    /// The `serve.tronbyt:` section: brightness by day and night and the calm dwell, for all
    /// Tronbyts and by device name.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        var settings = TronbytSettings()
        if let percent = try reader.integer("brightness", in: 0...100) { settings.brightness = percent }
        if let percent = try reader.integer("nightBrightness", in: 0...100) { settings.nightBrightness = percent }
        settings.dwellSeconds = try reader.integer("dwellSeconds", in: 5...86_400)
        settings.devices = try reader.sections("devices", Device.init(reading:))
        self = settings
    }
}

extension TronbytSettings.Device {
    /// One entry of `serve.tronbyt.devices`: a device's name in its URL and its own values.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkKeys(["device", "brightness", "nightBrightness", "dwellSeconds"])
        guard let name = try reader.string("device"), TronbytSettings.isDeviceName(name) else {
            throw reader.error("device", "each device names its /tronbyt/<device>/next: 1 to 64 letters, digits, - and _")
        }
        self.init(
            name: name, brightness: try reader.integer("brightness", in: 0...100),
            nightBrightness: try reader.integer("nightBrightness", in: 0...100),
            dwellSeconds: try reader.integer("dwellSeconds", in: 5...86_400))
    }
}
