import NetsnapConfiguration
import NetsnapJSON
import NetsnapSettings

/// The app's options as Home Assistant's Supervisor writes them to `/data/options.json`
/// (deploy/homeassistant/netsnap/config.yaml's `schema:`), read as netsnap's configuration:
/// each option that is a configuration key becomes an override labelled with the option's
/// name, so it passes the same checks as the file and a bad value names both. The rest say
/// what the watch loop runs from.
public struct HomeAssistantOptions: Sendable, Equatable {
    /// Where snapshots come from: this host's network, or the embedded sample to try things out.
    public enum Source: String, Sendable, CaseIterable {
        case gather, sample
    }

    public var source = Source.gather
    /// Sweep the local subnet every cycle (`--sweep`).
    public var sweep = false
    /// Log every cycle's steps (`--verbose`).
    public var verbose = false
    /// The options that are configuration keys, in the options' order.
    public var overrides: [ConfigurationOverride] = []
    /// Options the schema does not know, which the Supervisor normally removes: ignored.
    public var unknown: [String] = []

    /// True when the options name a broker; then the Supervisor's mqtt service is not asked.
    public var namesBroker: Bool { overrides.contains { $0.key == SettingPath.mqttHost.rawValue } }

    /// How an option's JSON value must look.
    enum Shape: String {
        case string = "a string"
        case number = "a number"
        case bool = "true or false"
        case list = "a list"
    }

    /// The options that are configuration keys: the option, its key and its JSON shape.
    static let keys: [(option: String, key: SettingPath, shape: Shape)] = [
        ("interval_seconds", .watchInterval, .number),
        ("gateway_latency", .gatherGatewayLatency, .bool),
        ("targets", .gatherTargets, .list),
        ("redact", .redact, .bool),
        ("theme", .pagesTheme, .string),
        ("locale", .locale, .string),
        ("clock", .clock, .string),
        ("mqtt_host", .mqttHost, .string),
        ("mqtt_port", .mqttPort, .number),
        ("mqtt_username", .mqttUsername, .string),
        ("mqtt_password", .mqttPassword, .string),
        ("mqtt_topic_prefix", .mqttTopicPrefix, .string),
        ("mqtt_node_id", .mqttNodeID, .string),
    ]

    public init() {}

    /// The options in `bytes`, the JSON text of `file`; a value of the wrong kind names the
    /// option, what was expected and what was found.
    public init(json bytes: [UInt8], file: String) throws(ApplicationFailure) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ApplicationFailure(.usage, "error: \(file): line \(error.line): not valid JSON: \(error.message)")
        }
        guard case .object(let members) = document else {
            throw ApplicationFailure(.usage, "error: \(file): expected a JSON object of options, found \(Self.describe(document))")
        }
        for (name, value) in members {
            try read(name, value, file: file)
        }
    }

    private mutating func read(_ name: String, _ value: JSONValue, file: String) throws(ApplicationFailure) {
        func wrong(_ shape: Shape) -> ApplicationFailure {
            ApplicationFailure(.usage, "error: \(file): \(name): expected \(shape.rawValue), found \(Self.describe(value))")
        }
        switch (name, value) {
        case ("source", .string(let text)):
            guard let parsed = Source(rawValue: text) else {
                let expected = Source.allCases.map(\.rawValue).joined(separator: " or ")
                throw ApplicationFailure(.usage, "error: \(file): source: expected \(expected), found \"\(text)\"")
            }
            source = parsed
        case ("source", _): throw wrong(.string)
        case ("sweep", .bool(let on)): sweep = on
        case ("verbose", .bool(let on)): verbose = on
        case ("sweep", _), ("verbose", _): throw wrong(.bool)
        default:
            guard let entry = Self.keys.first(where: { $0.option == name }) else {
                unknown.append(name)
                return
            }
            guard let text = Self.text(value, as: entry.shape) else { throw wrong(entry.shape) }
            // An optional text option the user cleared is unset, not an empty value.
            if entry.shape == .string && text.isEmpty { return }
            overrides.append(ConfigurationOverride(entry.key, text, flag: "option \(name)"))
        }
    }

    /// The value as an override's text: a list as JSON (`gather.targets` is a list of mappings).
    private static func text(_ value: JSONValue, as shape: Shape) -> String? {
        switch (shape, value) {
        case (.string, .string(let text)): return text
        case (.number, .number(let number)): return JSONWriter.format(number)
        case (.bool, .bool(let on)): return on ? "true" : "false"
        case (.list, .array): return String(decoding: JSONWriter.bytes(value, pretty: false), as: UTF8.self)
        default: return nil
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let on): return on ? "true" : "false"
        case .number(let number): return JSONWriter.format(number)
        case .string(let text): return "\"\(text)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
