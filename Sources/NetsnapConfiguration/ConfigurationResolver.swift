import NetsnapSettings

/// Makes the one `Configuration` a process runs with: the settings laid in their documented
/// order (`SettingsLayers`: defaults < presets < file < `NETSNAP_*` < flags), then each
/// feature's section read from them, an error naming what set the value.
public enum ConfigurationResolver {
    /// The configuration from `file` (nil: none), `environment` and `overrides`; `presets` set
    /// the keys the file leaves unset (a command's own defaults, `homeassistant-app`'s).
    public static func resolve(
        file: String?, environment: [String: String] = [:], overrides: [ConfigurationOverride] = [],
        presets: [ConfigurationOverride] = []
    ) throws(ConfigurationError) -> ResolvedConfiguration {
        let layers = try SettingsLayers.layer(
            file: file, environment: environment, overrides: overrides, presets: hostLocale(environment) + presets,
            keys: ConfigurationKeys.catalogue)
        do {
            let configuration = try ConfigurationLoader.parse(try layers.reader(keys: ConfigurationKeys.catalogue))
            return ResolvedConfiguration(configuration: configuration, layers: layers)
        } catch {
            throw layers.relabel(error)
        }
    }

    /// The host's locale as the `locale` key's default, as POSIX orders it: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`; none for an unset or empty one.
    static func hostLocale(_ environment: [String: String]) -> [ConfigurationOverride] {
        hostLocaleVariable(environment).map { [ConfigurationOverride("locale", $0.value, flag: "$\($0.name)")] } ?? []
    }

    /// The first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty.
    public static func hostLocaleVariable(_ environment: [String: String]) -> (name: String, value: String)? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return (name, value) }
        }
        return nil
    }

    /// The `NETSNAP_*` variables of `environment` that name no key (typos), for a warning.
    public static func unknownVariables(in environment: [String: String]) -> [String] {
        SettingsLayers.unknownVariables(in: environment, keys: ConfigurationKeys.catalogue)
    }
}
