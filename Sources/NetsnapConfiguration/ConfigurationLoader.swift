import Foundation
import NetsnapGather
import NetsnapHistory
import NetsnapModel
import NetsnapPages
import NetsnapPush
import NetsnapQR
import NetsnapRaster
import NetsnapRender
import NetsnapServer
import NetsnapSettings
import NetsnapSites
import NetsnapTiles

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
        if let output = try reader.string("output") { configuration.render.outputDirectory = output }
        if let seconds = try reader.number("freshnessSeconds", in: 1...31_536_000) {
            configuration.render.widgets.freshnessSeconds = seconds
        }
        if let threshold = try reader.number("latencyThresholdMs", in: 0...600_000) {
            configuration.render.widgets.latencyThresholdMs = threshold
        }
        if let threshold = try reader.number("lossThresholdPercent", in: 0...100) {
            configuration.render.widgets.lossThresholdPercent = threshold
        }
        if let threshold = try reader.number("jitterThresholdMs", in: 0...600_000) {
            configuration.render.widgets.jitterThresholdMs = threshold
        }
        if let label = try reader.string("badgeLabel") { configuration.render.badgeLabel = label }
        if let redact = try reader.bool("redact") { configuration.render.redact = redact }
        if let state = try reader.string("state") { configuration.watch.stateDirectory = state }
        if let url = try reader.string("publicURL") {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased()), parsed.host != nil else {
                throw reader.error("publicURL", "expected an http or https address such as https://example.org/netsnap/")
            }
            if let problem = QRMatrix.encoderProblem {
                throw reader.error("publicURL", "its QR code needs libqrencode (apt-get install libqrencode4), but \(problem)")
            }
            configuration.render.publicURL = url
            configuration.render.tiles.qrURL = url
            configuration.render.pages.qrURL = url
        }
        if let zone = try reader.timeZone() {
            configuration.render.timeZone = zone
            configuration.render.tiles.timeZone = zone
            configuration.render.pages.timeZone = zone
        }
        if let night = try nightHours(reader) {
            configuration.render.night = night
            configuration.render.pages.night = night
        }
        try readHistory(reader, into: &configuration)
        configuration.watch.maintenance = try MaintenanceReader.windows(reader)
        if let tiles = try reader.section("tiles") { try configuration.render.tiles.read(tiles) }
        if let gather = try reader.section("gather") { configuration.gather = try GatherConfiguration(reading: gather) }
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

    /// `nightFrom` and `nightUntil` ("22:00", "07:00"): both or neither, and not the same time.
    private static func nightHours(_ reader: ConfigurationReader) throws(ConfigurationError) -> ClockWindow? {
        var minutes: [Int] = []
        for key in ["nightFrom", "nightUntil"] {
            guard let text = try reader.string(key) else { continue }
            guard let value = ClockWindow.minutes(text) else {
                throw reader.error(key, "expected a time such as \"22:00\", found \"\(text)\"")
            }
            minutes.append(value)
        }
        if minutes.isEmpty { return nil }
        guard minutes.count == 2 else {
            throw reader.error(try reader.string("nightFrom") == nil ? "nightFrom" : "nightUntil", "nightFrom and nightUntil go together")
        }
        guard let window = ClockWindow(from: minutes[0], until: minutes[1]) else {
            throw reader.error("nightUntil", "nightFrom and nightUntil must differ")
        }
        return window
    }

    private static func readHistory(_ reader: ConfigurationReader, into configuration: inout Configuration)
        throws(ConfigurationError)
    {
        if let history = try reader.section("history") {
            try history.checkDocumentedKeys()
            if let hours = try history.number("rawHours", in: 1...8_760) { configuration.watch.retention.rawSeconds = hours * 3600 }
            if let days = try history.number("rollupDays", in: 1...3_650) { configuration.watch.retention.rollupSeconds = days * 86_400 }
            try readArchive(history, into: &configuration.watch.retention.archive)
        }
        if let events = try reader.section("events") {
            try events.checkDocumentedKeys()
            if let failures = try events.integer("failuresBeforeEvent", in: 1...100) { configuration.watch.failuresBeforeEvent = failures }
            if let items = try events.integer("feedItems", in: 1...10_000) { configuration.render.feedItems = items }
            if let title = try events.string("title") { configuration.render.feedTitle = title }
        }
        if let watch = try reader.section("watch") {
            try watch.checkDocumentedKeys()
            if let interval = try watch.number("intervalSeconds", in: 1...86_400) { configuration.watch.intervalSeconds = interval }
        }
        if let source = try reader.section("source") {
            try source.checkDocumentedKeys()
            if let seconds = try source.number("keepaliveSeconds", in: 0.1...3_600) { configuration.watch.keepaliveSeconds = seconds }
        }
    }

    private static func readArchive(_ history: ConfigurationReader, into archive: inout ArchivePolicy) throws(ConfigurationError) {
        if let hours = try history.number("archiveEveryHours", in: 1...8_760) { archive.everySnapshotSeconds = hours * 3600 }
        if let days = try history.number("archiveHourlyDays", in: 1...3_650) { archive.hourlySeconds = days * 86_400 }
        if let days = try history.number("archiveDailyDays", in: 1...36_500) { archive.dailySeconds = days * 86_400 }
        if let megabytes = try history.number("archiveMegabytes", in: 0...1_000_000) { archive.maximumBytes = Int(megabytes * 1_048_576) }
    }
}
