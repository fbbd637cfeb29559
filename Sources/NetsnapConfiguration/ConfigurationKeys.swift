import NetsnapGather
import NetsnapPages
import NetsnapPush
import NetsnapRender
import NetsnapServer
import NetsnapSettings
import NetsnapSites

/// Every key of the config file, in the order `config show` and docs/configuration.md give
/// them; a section's keys follow it. Each feature declares its own section's keys (`tiles`
/// in NetsnapRender, `pages` in NetsnapPages, `serve` in NetsnapServer and NetsnapDisplays,
/// `mqtt`, `site` and `notify` in NetsnapPush, `sites` in NetsnapSites); `gather` in NetsnapGather; the application-wide
/// keys (outputs, time, history, events, the loop) are declared here.
public enum ConfigurationKeys {
    /// Every feature's keys, in the order `config show` and docs/configuration.md give them.
    public static let catalogue = KeyCatalogue(
        outputs + TileSettings.keys + PageSettings.keys + watch + GatherConfiguration.keys + ServeConfiguration.keys + MQTTSettings.keys
            + MQTTSettings.siteKeys + SitesSettings.keys + NotifySettings.keys)

    public static var all: [ConfigurationKey] { catalogue.all }

    /// The key at `path`, if there is one.
    public static func key(_ path: String) -> ConfigurationKey? { catalogue.key(path) }

    /// The names of the keys directly under `section` ("" for the top level).
    public static func names(in section: String) -> [String] { catalogue.names(in: section) }

    static let outputs: [ConfigurationKey] = [
        .init("output", .string, default: "Output", "The output folder every render writes into."),
        .init(
            "freshnessSeconds", .number, default: "300", unit: "seconds",
            "A snapshot older than this is stale: `expiresAt` = its time + this."),
        .init(
            "latencyThresholdMs", .number, default: "100", unit: "milliseconds", "Gateway latency above this makes the network degraded."),
        .init(
            "lossThresholdPercent", .number, default: "5", unit: "percent",
            "A target losing more of its echoes than this is degraded, and so is the network."),
        .init(
            "jitterThresholdMs", .number, default: "30", unit: "milliseconds",
            "A target whose jitter is above this is degraded, and so is the network."),
        .init("badgeLabel", .string, default: "network", "The shields.io badge's label."),
        .init("redact", .bool, default: "false", "Remove the public IP, MAC addresses, device IPs and hostnames from every output."),
        .init(
            "state", .string,
            note: "$STATE_DIRECTORY (/var/lib/netsnap in the package's unit and the image), else $XDG_STATE_HOME/netsnap, "
                + "else ~/.local/state/netsnap",
            "The state folder: history database, lock, gather state."),
        .init(
            "publicURL", .string, note: "none: feeds name no address",
            "Where the outputs are published (http or https); feeds link to it, tiles and the dashboard show it as a QR code."),
        .init(
            "timeZone", .string, note: "the host's time zone", "Where every surface tells the time (an IANA name such as Europe/Zurich)."),
        .init(
            "nightFrom", .string, note: "none", unit: "HH:MM",
            "Start of the night hours (pages and colour tiles in the night theme); goes with nightUntil."),
        .init("nightUntil", .string, note: "none", unit: "HH:MM", "End of the night hours; goes with nightFrom."),
        .init("history", .section, "How long history is kept."),
        .init("history.rawHours", .number, default: "48", unit: "hours", "Raw samples are kept this long."),
        .init("history.rollupDays", .number, default: "90", unit: "days", "Hourly roll-ups are kept this long."),
        .init("history.archiveEveryHours", .number, default: "48", unit: "hours", "Every snapshot is archived (compressed) this long."),
        .init("history.archiveHourlyDays", .number, default: "30", unit: "days", "Then one snapshot an hour is kept this long."),
        .init("history.archiveDailyDays", .number, default: "365", unit: "days", "Then one snapshot a day (UTC) is kept this long."),
        .init(
            "history.archiveMegabytes", .number, default: "64", unit: "MB",
            "The archive's size bound: the oldest snapshots go first when it is reached; 0 archives nothing."),
        .init(
            "maintenance", .items, default: "[]",
            "Maintenance windows: start and end (RFC 3339), or days (mon…sun) with from and until (HH:MM, in tiles.timeZone); targets (names or ids; none: everything) and note. No notification goes out for what they cover; uptime leaves the time out."
        ),
        .init("events", .section, "When failures become events, and the event feeds."),
        .init(
            "events.failuresBeforeEvent", .integer, default: "3", unit: "cycles", "Consecutive failures before a down, gone or lost event."),
        .init("events.feedItems", .integer, default: "100", "Items in feed.json and feed.xml."),
        .init("events.title", .string, note: "\"netsnap — \" and the network name", "The feeds' title."),
    ]

    static let watch: [ConfigurationKey] = [
        .init("watch", .section, "The watch loop."),
        .init("watch.intervalSeconds", .number, default: "30", unit: "seconds", "Time between cycles."),
        .init("source", .section, "The NetMonitor live link (watch --connect / --discover)."),
        .init("source.keepaliveSeconds", .number, default: "15", unit: "seconds", "Time between pings to the NetMonitor agent."),
    ]

}
