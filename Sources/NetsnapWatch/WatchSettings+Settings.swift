import NetsnapHistory
import NetsnapSettings

/// The loop's keys — the state folder, history, maintenance, when failures become events, the
/// interval and the live link — declared and read by the module that runs the loop.
extension WatchSettings {
    public static let stateKeys: [ConfigurationKey] = [
        .init(
            "state", .string,
            note: "$STATE_DIRECTORY (/var/lib/netsnap in the package's unit and the image), else $XDG_STATE_HOME/netsnap, "
                + "else ~/.local/state/netsnap",
            "The state folder: history database, lock, gather state.")
    ]

    /// `history:`, `maintenance` and `events.failuresBeforeEvent`.
    public static let historyKeys: [ConfigurationKey] = [
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
    ]

    /// `watch:` and `source:`.
    public static let loopKeys: [ConfigurationKey] = [
        .init("watch", .section, "The watch loop."),
        .init("watch.intervalSeconds", .number, default: "30", unit: "seconds", "Time between cycles."),
        .init("source", .section, "The NetMonitor live link (watch --connect / --discover)."),
        .init("source.keepaliveSeconds", .number, default: "15", unit: "seconds", "Time between pings to the NetMonitor agent."),
    ]

    /// The loop's keys of the whole file (`reader` at its root).
    public mutating func read(_ reader: ConfigurationReader) throws(ConfigurationError) {
        if let state = try reader.string("state") { stateDirectory = state }
        if let history = try reader.section("history") {
            try history.checkDocumentedKeys()
            if let hours = try history.number("rawHours", in: 1...8_760) { retention.rawSeconds = hours * 3600 }
            if let days = try history.number("rollupDays", in: 1...3_650) { retention.rollupSeconds = days * 86_400 }
            try Self.readArchive(history, into: &retention.archive)
        }
        maintenance = try MaintenanceReader.windows(reader)
        if let events = try reader.section("events") {
            try events.checkDocumentedKeys()
            if let failures = try events.integer("failuresBeforeEvent", in: 1...100) { failuresBeforeEvent = failures }
        }
        if let watch = try reader.section("watch") {
            try watch.checkDocumentedKeys()
            if let interval = try watch.number("intervalSeconds", in: 1...86_400) { intervalSeconds = interval }
        }
        if let source = try reader.section("source") {
            try source.checkDocumentedKeys()
            if let seconds = try source.number("keepaliveSeconds", in: 0.1...3_600) { keepaliveSeconds = seconds }
        }
    }

    private static func readArchive(_ history: ConfigurationReader, into archive: inout ArchivePolicy) throws(ConfigurationError) {
        if let hours = try history.number("archiveEveryHours", in: 1...8_760) { archive.everySnapshotSeconds = hours * 3600 }
        if let days = try history.number("archiveHourlyDays", in: 1...3_650) { archive.hourlySeconds = days * 86_400 }
        if let days = try history.number("archiveDailyDays", in: 1...36_500) { archive.dailySeconds = days * 86_400 }
        if let megabytes = try history.number("archiveMegabytes", in: 0...1_000_000) { archive.maximumBytes = Int(megabytes * 1_048_576) }
    }
}
