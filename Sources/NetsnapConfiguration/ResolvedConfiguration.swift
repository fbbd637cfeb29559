import Yams

/// The configuration a process runs with, and for each key set anywhere where its value came
/// from (`config show`).
public struct ResolvedConfiguration {
    public let configuration: Configuration
    /// The file's tree with the variables and flags laid over it.
    let root: Node.Mapping
    /// Keys set by the file, a variable or a flag; every other key has its default.
    public let sources: [String: ValueSource]

    /// The value at `path` as set (nil: the default).
    func node(at path: String) -> Node? {
        var node: Node? = .mapping(root)
        for level in path.split(separator: ".") { node = node?.mapping?[String(level)] }
        return node
    }

    /// Where the value at `path` came from.
    public func source(of path: String) -> ValueSource { sources[path] ?? .defaultValue }
}
