import NetsnapSettings

/// The keys commands set from their flags, options and presets, by name: a misspelt one is a
/// compile error, not a refused key at run time, and `ConfigurationKeysTests` checks that each
/// names a declared key. Keys only the file sets need no name here.
public enum SettingPath: String, Sendable, CaseIterable {
    case output, state, redact, locale, clock
    case pagesTemplates = "pages.templates"
    case pagesTheme = "pages.theme"
    case watchInterval = "watch.intervalSeconds"
    case tilesEnabled = "tiles.enabled"
    case tilesSizes = "tiles.sizes"
    case tilesScales = "tiles.scales"
    case tilesThemes = "tiles.themes"
    case tilesDisplays = "tiles.displays"
    case tilesDithering = "tiles.dithering"
    case gatherGatewayLatency = "gather.gateway.latency"
    case gatherTargets = "gather.targets"
    case serveHost = "serve.host"
    case servePort = "serve.port"
    case serveInterval = "serve.intervalSeconds"
    case serveAllowFrom = "serve.allowFrom"
    case serveConnectionsPerAddress = "serve.connectionsPerAddress"
    case mqttHost = "mqtt.host"
    case mqttPort = "mqtt.port"
    case mqttUsername = "mqtt.username"
    case mqttPassword = "mqtt.password"
    case mqttTopicPrefix = "mqtt.topicPrefix"
    case mqttNodeID = "mqtt.nodeId"
    case mqttTLSCA = "mqtt.tls.ca"
}

extension ConfigurationOverride {
    /// `value` for the key `path` names, set by `flag` (a flag, an option or a preset's name).
    public init(_ path: SettingPath, _ value: String, flag: String) {
        self.init(path.rawValue, value, flag: flag)
    }
}
