import ArgumentParser
import NetsnapApp
import NetsnapConfiguration
import NetsnapSettings

/// `--config FILE`; each command adds its flags as configuration keys.
struct ConfigOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("A YAML config file (default: $NETSNAP_CONFIG if set).", valueName: "file"))
    var config: String?

    /// The configuration: defaults < file < NETSNAP_* < `overrides` (docs/configuration.md).
    func resolve(_ overrides: [ConfigurationOverride?] = []) throws -> Configuration {
        try ConfigurationRequest(file: config, overrides: overrides.compactMap { $0 }).resolve().configuration
    }
}

extension ConfigurationOverride {
    /// The override for `flag` when it was given.
    static func flag(_ flag: String, _ key: SettingPath, _ value: String?) -> ConfigurationOverride? {
        value.map { ConfigurationOverride(key, $0, flag: flag) }
    }

    /// The override for a switch when it is on.
    static func flag(_ flag: String, _ key: SettingPath, on: Bool, value: String = "true") -> ConfigurationOverride? {
        on ? ConfigurationOverride(key, value, flag: flag) : nil
    }
}
