/// Where a configuration value came from, as `config show` says it.
public enum ValueSource: Sendable, Equatable, CustomStringConvertible {
    case defaultValue
    case file(path: String, line: Int)
    case environment(String)
    case flag(String)
    /// Set by a command for its setting (`homeassistant-app`'s ingress port), where the file
    /// leaves the key unset: above the defaults, below the file.
    case preset(String)

    public var description: String {
        switch self {
        case .defaultValue: return "default"
        case .file(let path, let line): return "\(path):\(line)"
        case .environment(let name): return "env \(name)"
        case .flag(let flag): return "flag \(flag)"
        case .preset(let name): return "preset \(name)"
        }
    }
}

/// A command-line flag's value, said as the configuration key it sets, so flags go through
/// the same reading and checks as the file (`--interval 5` is `watch.intervalSeconds: 5`).
/// A key holding a list of mappings (`gather.targets`) takes the list as JSON text.
public struct ConfigurationOverride: Sendable, Equatable {
    /// The key's dotted path (`ConfigurationKeys`).
    public let key: String
    /// The value as text; a list's items comma-separated; a list of mappings as JSON.
    public let value: String
    /// The flag, for errors and `config show` (`--interval`).
    public let flag: String

    public init(_ key: String, _ value: String, flag: String) {
        self.key = key
        self.value = value
        self.flag = flag
    }
}
