/// Every key of the config file, in the order `config show` and docs/configuration.md give
/// them (a section's keys follow it), indexed by path and by variable name.
public struct KeyCatalogue: Sendable {
    public let all: [ConfigurationKey]
    private let byPath: [String: ConfigurationKey]
    private let namesBySection: [String: [String]]

    /// The catalogue of `keys`, which the features declaring them hand in, in order.
    public init(_ keys: [ConfigurationKey]) {
        all = keys
        byPath = Dictionary(keys.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var namesBySection: [String: [String]] = [:]
        for key in keys { namesBySection[key.parent, default: []].append(key.name) }
        self.namesBySection = namesBySection
    }

    /// The key at `path`, if there is one.
    public func key(_ path: String) -> ConfigurationKey? { byPath[path] }

    /// The names of the keys directly under `section` ("" for the top level).
    public func names(in section: String) -> [String] { namesBySection[section] ?? [] }

    /// The key a variable sets, if it is one of them. Searched, not indexed: only `NETSNAP_*`
    /// variables are looked up, and a start without them need not build every key's name.
    public func key(environmentName: String) -> ConfigurationKey? { all.first { $0.environmentName == environmentName } }
}
