/// Where a configuration value came from, as `config show` says it.
public enum ValueSource: Sendable, Equatable, CustomStringConvertible {
    case defaultValue
    case file(path: String, line: Int)
    case environment(String)
    case flag(String)

    public var description: String {
        switch self {
        case .defaultValue: return "default"
        case .file(let path, let line): return "\(path):\(line)"
        case .environment(let name): return "env \(name)"
        case .flag(let flag): return "flag \(flag)"
        }
    }
}

/// A command-line flag's value, said as the configuration key it sets, so flags go through
/// the same reading and checks as the file (`--interval 5` is `watch.intervalSeconds: 5`).
public struct ConfigurationOverride: Sendable, Equatable {
    /// The key's dotted path (`ConfigurationKeys`).
    public let key: String
    /// The value as text; a list's items comma-separated.
    public let value: String
    /// The flag, for errors and `config show` (`--interval`).
    public let flag: String

    public init(_ key: String, _ value: String, flag: String) {
        self.key = key
        self.value = value
        self.flag = flag
    }
}
