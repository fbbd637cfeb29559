import NetsnapSettings

/// The configuration a process runs with, and the layered settings it was read from: where
/// each key's value came from (`config show`).
public struct ResolvedConfiguration {
    public let configuration: Configuration
    public let layers: LayeredSettings

    /// Where the value at `path` came from.
    public func source(of path: String) -> ValueSource { layers.source(of: path) }

    /// `config show`: the effective configuration as YAML, each value's source in a comment.
    public var yaml: String { ConfigurationPrinter.yaml(layers, keys: ConfigurationKeys.catalogue) }
}
