import Foundation
import NetsnapSettings

/// The `mqtt:` and `site:` sections, declared and read by the module that publishes:
/// unknown keys and bad values name the line and key.
extension MQTTSettings {
    /// The `mqtt` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("mqtt", .section, note: "not set: no MQTT", "The MQTT broker state and Home Assistant discovery go to."),
        .init("mqtt.host", .string, note: "required", "The broker's host name or address."),
        .init("mqtt.port", .integer, note: "1883, or 8883 with TLS", "The broker's port."),
        .init("mqtt.username", .string, note: "none", "The user name."),
        .init("mqtt.password", .string, note: "none", secret: true, "The password (needs a username)."),
        .init("mqtt.tls", .section, note: "not set: no TLS", "TLS to the broker."),
        .init("mqtt.tls.ca", .string, note: "required", "The CA certificate file that signed the broker's."),
        .init("mqtt.topicPrefix", .string, default: "netsnap", "The first level of every state topic."),
        .init("mqtt.discoveryPrefix", .string, default: "homeassistant", "Home Assistant's discovery prefix."),
        .init("mqtt.discovery", .bool, default: "true", "False publishes state only, without discovery configs."),
        .init("mqtt.nodeId", .string, note: "the host name, as a slug", "Names this netsnap in topics and Home Assistant ids."),
        .init("mqtt.deviceName", .string, note: "netsnap, then the node id when it differs", "The Home Assistant device's name."),
        .init("mqtt.keepAliveSeconds", .integer, default: "30", unit: "seconds", "Time between keep-alive pings."),
        .init(
            "mqtt.publishSnapshot", .bool, default: "false",
            "Publish each changed snapshot, retained, QoS 1, to <topicPrefix>/<nodeId>/snapshot (for a sites wall)."),
        .init("mqtt.redactSnapshot", .bool, default: "true", "Redact the published snapshot (always, with `redact: true`)."),
    ]

    /// The `site` keys.
    public static let siteKeys: [ConfigurationKey] = [
        .init("site", .section, note: "not set: the walls name this site after its node id", "This netsnap as a site of a wall."),
        .init(
            "site.name", .string, note: "mqtt.nodeId",
            "The site's name on every wall (its list, events, feeds, tiles and Home Assistant), published with its snapshot."),
    ]

    /// The `mqtt:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        guard let host = try reader.string("host") else { throw reader.error("host", "required: the broker's host name or address") }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw reader.error("host", "expected a host name or address such as 192.168.1.5")
        }
        var settings = MQTTSettings(host: host, nodeID: MQTTSettings.nodeID(fromHostName: ProcessInfo.processInfo.hostName))
        settings.port = try reader.integer("port", in: 1...65_535)
        settings.username = try reader.string("username")
        settings.password = try reader.string("password")
        if settings.password != nil && settings.username == nil { throw reader.error("password", "a password needs a username") }
        if let ca = try reader.section("tls", Self.certificateAuthority(reading:)) { settings.tlsCAFile = ca }
        if let prefix = try reader.string("topicPrefix") { settings.topicPrefix = try Self.topic(prefix, key: "topicPrefix", reader) }
        if let prefix = try reader.string("discoveryPrefix") {
            settings.discoveryPrefix = try Self.topic(prefix, key: "discoveryPrefix", reader)
        }
        if let discovery = try reader.bool("discovery") { settings.discovery = discovery }
        if let node = try reader.string("nodeId") {
            guard !node.isEmpty, node.count <= 64, node.unicodeScalars.allSatisfy(Self.isIDCharacter) else {
                throw reader.error("nodeId", "expected letters, digits, '_' or '-' (at most 64), found \"\(node)\"")
            }
            settings.nodeID = node
        }
        settings.deviceName = try reader.string("deviceName")
        if let keepAlive = try reader.integer("keepAliveSeconds", in: 5...3_600) { settings.keepAliveSeconds = keepAlive }
        if let publish = try reader.bool("publishSnapshot") { settings.publishSnapshot = publish }
        if let redact = try reader.bool("redactSnapshot") { settings.redactSnapshot = redact }
        self = settings
    }

    /// A `tls:` section (`mqtt.tls`, `sites.tls`): the readable CA file that signed the broker's.
    public static func certificateAuthority(reading tls: ConfigurationReader) throws(ConfigurationError) -> String {
        try tls.checkDocumentedKeys()
        guard let ca = try tls.string("ca") else { throw tls.error("ca", "required: the CA certificate file that signed the broker's") }
        guard FileManager.default.isReadableFile(atPath: ca) else { throw tls.error("ca", "\"\(ca)\" cannot be read") }
        return ca
    }

    /// `site.name`: one line, 1 to 64 characters.
    public static func siteName(reading site: ConfigurationReader) throws(ConfigurationError) -> String? {
        try site.checkDocumentedKeys()
        return try site.string("name").map { name throws(ConfigurationError) in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= maximumSiteNameLength, !trimmed.contains(where: \.isNewline) else {
                throw site.error("name", "expected a name of 1 to \(maximumSiteNameLength) characters on one line")
            }
            return trimmed
        }
    }

    /// A topic prefix: levels without MQTT's wildcards, no empty level.
    public static func topic(_ text: String, key: String, _ reader: ConfigurationReader) throws(ConfigurationError) -> String {
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !text.isEmpty, levels.allSatisfy({ !$0.isEmpty }), !text.contains("+"), !text.contains("#"),
            !text.contains(where: { $0.isWhitespace || $0 == "\0" })
        else { throw reader.error(key, "expected topic levels such as netsnap or home/netsnap (no '+', '#', spaces or empty levels)") }
        return text
    }

    static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-")
    }
}
