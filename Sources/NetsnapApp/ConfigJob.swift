import NetsnapConfiguration
import NetsnapSettings

/// `netsnap config show | check | reference`: the configuration, looked at without running.
public enum ConfigJob {
    /// The effective configuration as YAML, each value with where it came from.
    public static func show(_ request: ConfigurationRequest) throws(ApplicationFailure) -> String {
        try request.resolve().yaml
    }

    /// Loads `file` as every command would (with the environment laid over it).
    public static func check(file: String) throws(ApplicationFailure) -> String {
        _ = try ConfigurationRequest(file: file).resolve()
        return "\(file): ok"
    }

    /// docs/configuration.md.
    public static var reference: String { ConfigurationReference.markdown(ConfigurationKeys.catalogue) }
}
