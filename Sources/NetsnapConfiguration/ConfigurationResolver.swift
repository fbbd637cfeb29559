import Foundation
import Yams

/// Makes the one `Configuration` a process runs with, in one documented order: defaults <
/// a command's presets < the config file < `NETSNAP_*` variables < flags. Presets, variables
/// and flags are laid over the file's YAML tree and the whole is read once, so every value
/// passes the same checks and an error names where the value came from.
public enum ConfigurationResolver {
    /// The configuration from `file` (nil: none), `environment` and `overrides`; `presets` set
    /// the keys the file leaves unset (a command's own defaults, `homeassistant-app`'s).
    public static func resolve(
        file: String?, environment: [String: String] = [:], overrides: [ConfigurationOverride] = [],
        presets: [ConfigurationOverride] = []
    ) throws(ConfigurationError) -> ResolvedConfiguration {
        var root = ConfigurationReader.emptyMapping
        var sources: [String: ValueSource] = [:]
        if let file {
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw ConfigurationError(file: file, line: nil, key: "", message: "cannot be read (\(error.localizedDescription))")
            }
            let node = try ConfigurationReader.compose(yaml: text, file: file)
            root = try ConfigurationReader(root: node, file: file).mapping
            recordSources(of: root, under: "", file: file, into: &sources)
        }
        for preset in presets where node(at: preset.key, in: root) == nil {
            guard let key = ConfigurationKeys.key(preset.key), key.kind != .section else {
                throw ConfigurationError(file: preset.flag, line: nil, key: preset.key, message: "not a key a preset can set")
            }
            set(key, preset.value, in: &root)
            sources[key.path] = .preset(preset.flag)
        }
        // Only `NETSNAP_*` names are looked up: the first look-up builds the table of every
        // key's variable name, which a start without such variables need not pay for.
        for name in environment.keys.sorted() where name.hasPrefix("NETSNAP_") {
            guard let key = ConfigurationKeys.key(environmentName: name), let value = environment[name] else { continue }
            set(key, value, in: &root)
            sources[key.path] = .environment(name)
        }
        for override in overrides {
            guard let key = ConfigurationKeys.key(override.key), key.kind != .section else {
                throw ConfigurationError(file: override.flag, line: nil, key: override.key, message: "not a key a flag can set")
            }
            set(key, override.value, in: &root)
            sources[key.path] = .flag(override.flag)
        }
        let reader = try ConfigurationReader(root: .mapping(root), file: file ?? "(no config file)")
        do {
            let configuration = try ConfigurationLoader.parse(reader)
            return ResolvedConfiguration(configuration: configuration, root: root, sources: sources)
        } catch {
            throw relabel(error, sources: sources)
        }
    }

    /// The `NETSNAP_*` variables of `environment` that name no key (typos), for a warning.
    public static func unknownVariables(in environment: [String: String]) -> [String] {
        environment.keys.filter {
            $0.hasPrefix("NETSNAP_") && !ignoredVariables.contains($0) && ConfigurationKeys.key(environmentName: $0) == nil
        }.sorted()
    }

    /// Variables netsnap reads that are not configuration keys.
    static let ignoredVariables: Set<String> = ["NETSNAP_CONFIG"]

    /// Each key's line in the file, for `config show`.
    private static func recordSources(of mapping: Node.Mapping, under path: String, file: String, into sources: inout [String: ValueSource])
    {
        for (keyNode, value) in mapping {
            guard let name = keyNode.string else { continue }
            let dotted = path.isEmpty ? name : "\(path).\(name)"
            sources[dotted] = .file(path: file, line: keyNode.mark?.line ?? 0)
            if let nested = value.mapping { recordSources(of: nested, under: dotted, file: file, into: &sources) }
        }
    }

    /// Puts `text` at `key`'s path, making the sections on the way; a list's items are
    /// comma-separated, a list of mappings is JSON (a flow sequence to YAML), and a string
    /// key's text stays a string whatever it looks like.
    static func set(_ key: ConfigurationKey, _ text: String, in root: inout Node.Mapping) {
        let value: Node
        switch key.kind {
        // Text that is no YAML stays a string: the reader then says it is not a list.
        case .items: value = (try? Yams.compose(yaml: text)) ?? Node(text, Tag(.str))
        case .list:
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            value = .sequence(Node.Sequence(items.map { Node($0) }))
        case .string: value = Node(text, Tag(.str))
        default: value = Node(text)
        }
        root = placing(value, at: key.levels[...], in: root)
    }

    /// The node at the dotted `path` of `root`, if set.
    private static func node(at path: String, in root: Node.Mapping) -> Node? {
        var node: Node? = .mapping(root)
        for level in path.split(separator: ".") { node = node?.mapping?[String(level)] }
        return node
    }

    private static func placing(_ value: Node, at levels: ArraySlice<String>, in mapping: Node.Mapping) -> Node.Mapping {
        var mapping = mapping
        guard let first = levels.first else { return mapping }
        if levels.count == 1 {
            mapping[first] = value
        } else {
            let inner = mapping[first]?.mapping ?? ConfigurationReader.emptyMapping
            mapping[first] = .mapping(placing(value, at: levels.dropFirst(), in: inner))
        }
        return mapping
    }

    /// An error about a value from a variable or a flag names that, not the file; an error
    /// inside a list of mappings (`gather.targets[0].kind`) names where the list came from.
    private static func relabel(_ error: ConfigurationError, sources: [String: ValueSource]) -> ConfigurationError {
        let enclosing = sources.filter { error.key.hasPrefix($0.key + "[") }.max { $0.key.count < $1.key.count }?.value
        switch sources[error.key] ?? enclosing {
        case .environment(let name): return ConfigurationError(file: "$\(name)", line: nil, key: error.key, message: error.message)
        case .flag(let flag), .preset(let flag):
            return ConfigurationError(file: flag, line: nil, key: error.key, message: error.message)
        default: return error
        }
    }
}
