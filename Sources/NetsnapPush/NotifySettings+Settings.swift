import Foundation
import NetsnapModel
import NetsnapSettings

/// The `notify:` section, declared and read by the module that notifies: unknown keys and bad
/// values name the line and key.
extension NotifySettings {
    /// The `notify` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("notify", .section, note: "not set: no notifications", "Where notifications go and their rules."),
        .init(
            "notify.ntfy", .items, default: "[]",
            "ntfy topics: url (server and topic), and optionally token and kinds (event kinds to send)."),
        .init(
            "notify.webhooks", .items, default: "[]",
            "Webhooks: url, and optionally secret (signs each body, X-Netsnap-Signature) and kinds."),
        .init(
            "notify.cooldownSeconds", .number, default: "300", unit: "seconds",
            "Per sink and subject, changes within this time after the first are held and sent as one."),
        .init("notify.quietHours", .section, note: "not set: none", "Hours when notifications wait, going out when they end."),
        .init("notify.quietHours.from", .string, note: "required", unit: "HH:MM", "Start of the quiet hours."),
        .init("notify.quietHours.to", .string, note: "required", unit: "HH:MM", "End of the quiet hours."),
        .init("notify.quietHours.timeZone", .string, note: "the host's time zone", "The quiet hours' time zone."),
        .init("notify.outboxLimit", .integer, default: "1000", "Undelivered notifications kept at most."),
        .init("notify.timeoutSeconds", .number, default: "10", unit: "seconds", "Wait for a delivery."),
        .init("notify.maxRetryDelaySeconds", .number, default: "600", unit: "seconds", "Longest wait between retries."),
    ]

    /// The `notify:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        var settings = NotifySettings()
        for sink in try reader.sections("ntfy") ?? [] {
            try sink.checkKeys(["url", "token", "kinds"])
            let url = try Self.sinkURL(sink)
            let topic = url.lastPathComponent
            guard !topic.isEmpty, topic != "/", topic.count <= 64, topic.unicodeScalars.allSatisfy(MQTTSettings.isIDCharacter) else {
                throw sink.error(
                    "url", "expected the server and topic, such as https://ntfy.sh/my-topic (a topic is letters, digits, '_' or '-')")
            }
            settings.sinks.append(.init(kind: .ntfy, url: url, token: try sink.string("token"), kinds: try Self.kinds(sink)))
        }
        for sink in try reader.sections("webhooks") ?? [] {
            try sink.checkKeys(["url", "secret", "kinds"])
            settings.sinks.append(
                .init(kind: .webhook, url: try Self.sinkURL(sink), secret: try sink.string("secret"), kinds: try Self.kinds(sink)))
        }
        if let cooldown = try reader.number("cooldownSeconds", in: 0...86_400) { settings.cooldownSeconds = cooldown }
        if let limit = try reader.integer("outboxLimit", in: 1...1_000_000) { settings.outboxLimit = limit }
        if let timeout = try reader.number("timeoutSeconds", in: 1...300) { settings.timeoutSeconds = timeout }
        if let delay = try reader.number("maxRetryDelaySeconds", in: 2...86_400) { settings.maximumRetryDelaySeconds = delay }
        if let quiet = try reader.section("quietHours") { settings.quietHours = try Self.quietHours(quiet) }
        self = settings
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
}
