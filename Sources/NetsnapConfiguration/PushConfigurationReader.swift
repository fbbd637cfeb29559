import Foundation
import NetsnapModel
import NetsnapPush
import NetsnapSettings

/// Reads the `mqtt:` and `notify:` sections strictly: unknown keys and bad values name the
/// line and key.
enum PushConfigurationReader {

    static func mqtt(_ reader: ConfigurationReader) throws(ConfigurationError) -> MQTTSettings {
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
        if let tls = try reader.section("tls") {
            try tls.checkDocumentedKeys()
            guard let ca = try tls.string("ca") else { throw tls.error("ca", "required: the CA certificate file that signed the broker's") }
            guard FileManager.default.isReadableFile(atPath: ca) else { throw tls.error("ca", "\"\(ca)\" cannot be read") }
            settings.tlsCAFile = ca
        }
        if let prefix = try reader.string("topicPrefix") { settings.topicPrefix = try topic(prefix, key: "topicPrefix", reader) }
        if let prefix = try reader.string("discoveryPrefix") {
            settings.discoveryPrefix = try topic(prefix, key: "discoveryPrefix", reader)
        }
        if let discovery = try reader.bool("discovery") { settings.discovery = discovery }
        if let node = try reader.string("nodeId") {
            guard !node.isEmpty, node.count <= 64, node.unicodeScalars.allSatisfy(isIDCharacter) else {
                throw reader.error("nodeId", "expected letters, digits, '_' or '-' (at most 64), found \"\(node)\"")
            }
            settings.nodeID = node
        }
        settings.deviceName = try reader.string("deviceName")
        if let keepAlive = try reader.integer("keepAliveSeconds", in: 5...3_600) { settings.keepAliveSeconds = keepAlive }
        if let publish = try reader.bool("publishSnapshot") { settings.publishSnapshot = publish }
        if let redact = try reader.bool("redactSnapshot") { settings.redactSnapshot = redact }
        return settings
    }

    static func notify(_ reader: ConfigurationReader) throws(ConfigurationError) -> NotifySettings {
        try reader.checkDocumentedKeys()
        var settings = NotifySettings()
        for sink in try reader.sections("ntfy") ?? [] {
            try sink.checkKeys(["url", "token", "kinds"])
            let url = try sinkURL(sink)
            let topic = url.lastPathComponent
            guard !topic.isEmpty, topic != "/", topic.count <= 64, topic.unicodeScalars.allSatisfy(isIDCharacter) else {
                throw sink.error(
                    "url", "expected the server and topic, such as https://ntfy.sh/my-topic (a topic is letters, digits, '_' or '-')")
            }
            settings.sinks.append(.init(kind: .ntfy, url: url, token: try sink.string("token"), kinds: try kinds(sink)))
        }
        for sink in try reader.sections("webhooks") ?? [] {
            try sink.checkKeys(["url", "secret", "kinds"])
            settings.sinks.append(.init(kind: .webhook, url: try sinkURL(sink), secret: try sink.string("secret"), kinds: try kinds(sink)))
        }
        if let cooldown = try reader.number("cooldownSeconds", in: 0...86_400) { settings.cooldownSeconds = cooldown }
        if let limit = try reader.integer("outboxLimit", in: 1...1_000_000) { settings.outboxLimit = limit }
        if let timeout = try reader.number("timeoutSeconds", in: 1...300) { settings.timeoutSeconds = timeout }
        if let delay = try reader.number("maxRetryDelaySeconds", in: 2...86_400) { settings.maximumRetryDelaySeconds = delay }
        if let quiet = try reader.section("quietHours") { settings.quietHours = try quietHours(quiet) }
        return settings
    }

    private static func sinkURL(_ reader: ConfigurationReader) throws(ConfigurationError) -> URL {
        guard let text = try reader.string("url") else { throw reader.error("url", "required") }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            throw reader.error("url", "expected an http or https URL, found \"\(text)\"")
        }
        return url
    }

    private static func kinds(_ reader: ConfigurationReader) throws(ConfigurationError) -> Set<NetworkEvent.Kind>? {
        guard let names = try reader.strings("kinds", allowed: NetworkEvent.Kind.allCases.map(\.rawValue)) else { return nil }
        return Set(names.compactMap(NetworkEvent.Kind.init(rawValue:)))
    }

    private static func quietHours(_ reader: ConfigurationReader) throws(ConfigurationError) -> NotifySettings.QuietHours {
        try reader.checkDocumentedKeys()
        func minute(_ key: String) throws(ConfigurationError) -> Int {
            guard let text = try reader.string(key) else { throw reader.error(key, "required: a time such as 22:00") }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour),
                (0...59).contains(minute)
            else { throw reader.error(key, "expected a time HH:MM such as 22:00, found \"\(text)\"") }
            return hour * 60 + minute
        }
        let start = try minute("from")
        let end = try minute("to")
        if start == end { throw reader.error("to", "quiet hours must end at another time than they start") }
        var zone = TimeZone.current
        if let name = try reader.string("timeZone") {
            guard let parsed = TimeZone(identifier: name) else {
                throw reader.error("timeZone", "\"\(name)\" is not a time zone such as Europe/Zurich")
            }
            zone = parsed
        }
        return NotifySettings.QuietHours(startMinute: start, endMinute: end, timeZone: zone)
    }

    /// A topic prefix: levels without MQTT's wildcards, no empty level.
    static func topic(_ text: String, key: String, _ reader: ConfigurationReader) throws(ConfigurationError) -> String {
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
