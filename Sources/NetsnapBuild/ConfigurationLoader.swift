import Foundation

/// Loads `netsnap.yml` into a `NetsnapConfiguration`. Keys (all optional):
/// `output`, `freshnessSeconds`, `latencyThresholdMs`, `badgeLabel`, `redact`, `serve`.
public enum ConfigurationLoader {
    static let topLevelKeys = ["output", "freshnessSeconds", "latencyThresholdMs", "badgeLabel", "redact", "serve"]

    /// The configuration in `file` on top of the defaults.
    public static func load(file: String) throws(ConfigurationError) -> NetsnapConfiguration {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ConfigurationError(file: file, line: nil, key: "", message: "cannot be read (\(error.localizedDescription))")
        }
        return try parse(yaml: text, file: file)
    }

    /// The configuration in the YAML `text` (named `file` in errors).
    public static func parse(yaml text: String, file: String) throws(ConfigurationError) -> NetsnapConfiguration {
        let reader = try ConfigurationReader(yaml: text, file: file)
        try reader.checkKeys(topLevelKeys)
        var configuration = NetsnapConfiguration()
        if let output = try reader.string("output") { configuration.outputDirectory = output }
        if let seconds = try reader.number("freshnessSeconds", in: 1...31_536_000) {
            configuration.widgets.freshnessSeconds = seconds
        }
        if let threshold = try reader.number("latencyThresholdMs", in: 0...600_000) {
            configuration.widgets.latencyThresholdMs = threshold
        }
        if let label = try reader.string("badgeLabel") { configuration.badgeLabel = label }
        if let redact = try reader.bool("redact") { configuration.redact = redact }
        if let serve = try reader.section("serve") { configuration.serve = try ServeConfiguration(serve) }
        return configuration
    }
}
