import Yams

/// The settings a process runs with before any feature reads them: the file's tree with the
/// presets, `NETSNAP_*` variables and flags laid over it, and for each key set anywhere where
/// its value came from (`config show`).
public struct LayeredSettings {
    /// The file's tree with the presets, variables and flags laid over it.
    let root: Node.Mapping
    /// The config file's name, for errors ("(no config file)" without one).
    let file: String
    /// Keys set by the file, a preset, a variable or a flag; every other key has its default.
    public let sources: [String: ValueSource]

    /// The whole tree, read strictly against `keys`: each feature reads its section from it.
    public func reader(keys: KeyCatalogue) throws(ConfigurationError) -> ConfigurationReader {
        try ConfigurationReader(root: .mapping(root), file: file, keys: keys)
    }

    /// The value at `path` as set (nil: the default).
    func node(at path: String) -> Node? {
        var node: Node? = .mapping(root)
        for level in path.split(separator: ".") { node = node?.mapping?[String(level)] }
        return node
    }

    /// Where the value at `path` came from.
    public func source(of path: String) -> ValueSource { sources[path] ?? .defaultValue }

    /// `error` naming what set the value: a variable or a flag rather than the file; inside a
    /// list of mappings (`gather.targets[0].kind`), whatever set the list.
    public func relabel(_ error: ConfigurationError) -> ConfigurationError {
        let enclosing = sources.filter { error.key.hasPrefix($0.key + "[") }.max { $0.key.count < $1.key.count }?.value
        switch sources[error.key] ?? enclosing {
        case .environment(let name): return ConfigurationError(file: "$\(name)", line: nil, key: error.key, message: error.message)
        case .flag(let flag), .preset(let flag):
            return ConfigurationError(file: flag, line: nil, key: error.key, message: error.message)
        default: return error
        }
    }
}
