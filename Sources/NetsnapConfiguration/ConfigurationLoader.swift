import NetsnapGather
import NetsnapPages
import NetsnapPush
import NetsnapRender
import NetsnapServer
import NetsnapSettings
import NetsnapSites
import NetsnapWatch

/// Reads the config file's keys into a `Configuration`, strictly: docs/configuration.md
/// (`netsnap config reference`) lists them.
public enum ConfigurationLoader {
    /// The configuration in the YAML `text` (named `file` in errors), on top of the defaults.
    public static func parse(yaml text: String, file: String) throws(ConfigurationError) -> Configuration {
        try parse(try ConfigurationReader(yaml: text, file: file, keys: ConfigurationKeys.catalogue))
    }

    /// The configuration `reader` holds (the file with the environment and flags laid over
    /// it, `ConfigurationResolver`), on top of the defaults.
    static func parse(_ reader: ConfigurationReader) throws(ConfigurationError) -> Configuration {
        try reader.checkDocumentedKeys()
        var configuration = Configuration()
        try configuration.render.read(reader)
        try configuration.watch.read(reader)
        if let tiles = try reader.section("tiles") { try configuration.render.tiles.read(tiles) }
        if let gather = try reader.section("gather") { configuration.gather = try GatherConfiguration(reading: gather) }
        if let speed = try reader.section("speed") {
            configuration.gather.speed = try SpeedConfiguration(reading: speed)
            configuration.watch.speedAlert = configuration.gather.speed?.alert
        }
        if let pages = try reader.section("pages") { try configuration.render.pages.read(pages) }
        if let serve = try reader.section("serve") { configuration.serve = try ServeConfiguration(reading: serve) }
        try readPush(reader, into: &configuration)
        return configuration
    }

    /// `mqtt:`, `site:`, `sites:` and `notify:`.
    private static func readPush(_ reader: ConfigurationReader, into configuration: inout Configuration) throws(ConfigurationError) {
        if let mqtt = try reader.section("mqtt") { configuration.mqtt = try MQTTSettings(reading: mqtt) }
        if let site = try reader.section("site") {
            configuration.siteName = try MQTTSettings.siteName(reading: site)
            configuration.mqtt?.siteName = configuration.siteName
        }
        if let sites = try reader.section("sites") {
            configuration.sites = try SitesSettings(reading: sites, mqtt: configuration.mqtt)
        }
        if let notify = try reader.section("notify") { configuration.notify = try NotifySettings(reading: notify) }
    }
}
