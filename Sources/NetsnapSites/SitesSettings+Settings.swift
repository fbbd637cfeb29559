import Foundation
import NetsnapPush
import NetsnapSettings

/// The `sites:` section, declared and read by the wall that uses it; every key it leaves
/// unset is the `mqtt:` section's.
extension SitesSettings {
    /// The `sites` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("sites", .section, note: "not set: the mqtt: section's broker", "Where `watch --sites` reads its sites' snapshots."),
        .init("sites.host", .string, note: "mqtt.host", "The broker's host name or address."),
        .init("sites.port", .integer, note: "mqtt.port", "The broker's port."),
        .init("sites.username", .string, note: "mqtt.username", "The user name."),
        .init("sites.password", .string, note: "mqtt.password", secret: true, "The password (needs a username)."),
        .init("sites.tls", .section, note: "mqtt.tls", "TLS to the broker."),
        .init("sites.tls.ca", .string, note: "required", "The CA certificate file that signed the broker's."),
        .init("sites.topicPrefix", .string, note: "mqtt.topicPrefix, else netsnap", "The sites' topic prefix."),
        .init(
            "sites.freshnessSeconds", .number, default: "180", unit: "seconds",
            "A site that is not connected and sent no snapshot for this long is lost."),
        .init(
            "sites.lostAfterSeconds", .number, default: "120", unit: "seconds",
            "A site whose last will came (or that said offline) is lost when it is not back this long after, counted while"
                + " the wall's own broker connection holds: a broker restart or a site's reconnect is no loss."),
        .init(
            "sites.maximumSnapshotBytes", .integer, default: "4194304", unit: "bytes",
            "Larger snapshots are refused, with a log line, and their site shown invalid."),
        .init(
            "sites.forwardEvents", .bool, default: "false",
            "Repeat each site's own target events (down, recovered) on the wall's, prefixed with the site's name."),
    ]

    /// The `sites:` section over the `mqtt:` section's broker (nil: none), read strictly.
    public init(reading reader: ConfigurationReader, mqtt: MQTTSettings?) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        let ownHost = try reader.string("host")
        guard let host = ownHost ?? mqtt?.host else {
            throw reader.error("host", "required without an mqtt: section: the broker's host name or address")
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw reader.error("host", "expected a host name or address such as 192.168.1.5")
        }
        var broker = mqtt ?? MQTTSettings(host: host, nodeID: MQTTSettings.nodeID(fromHostName: ProcessInfo.processInfo.hostName))
        broker.host = host
        if let port = try reader.integer("port", in: 1...65_535) { broker.port = port }
        if let username = try reader.string("username") {
            broker.username = username
            broker.password = try reader.string("password")
        } else if try reader.string("password") != nil {
            throw reader.error("password", "a password needs a username")
        }
        if let ca = try reader.section("tls", MQTTSettings.certificateAuthority(reading:)) { broker.tlsCAFile = ca }
        if let prefix = try reader.string("topicPrefix") {
            broker.topicPrefix = try MQTTSettings.topic(prefix, key: "topicPrefix", reader)
        }
        var settings = SitesSettings(broker: broker)
        if let seconds = try reader.number("freshnessSeconds", in: 10...604_800) { settings.freshnessSeconds = seconds }
        if let seconds = try reader.number("lostAfterSeconds", in: 0...86_400) { settings.lostAfterSeconds = seconds }
        if let bytes = try reader.integer("maximumSnapshotBytes", in: 1_024...(64 * 1024 * 1024)) { settings.maximumSnapshotBytes = bytes }
        if let forward = try reader.bool("forwardEvents") { settings.forwardEvents = forward }
        self = settings
    }
}
