import Foundation
import Yams

/// Lays the settings in one documented order: defaults < a command's presets < the config
/// file < `NETSNAP_*` variables < flags. Presets, variables and flags are put into the file's
/// YAML tree, so the whole is read once and every value passes the same checks.
public enum SettingsLayers {
    /// The tree from `file` (nil: none), `environment` and `overrides`; `presets` set the keys
    /// the file leaves unset (a command's own defaults, `homeassistant-app`'s). Only keys
    /// `keys` declares can be set.
    public static func layer(
        file: String?, environment: [String: String], overrides: [ConfigurationOverride], presets: [ConfigurationOverride],
        keys: KeyCatalogue
    ) throws(ConfigurationError) -> LayeredSettings {
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
            root = try ConfigurationReader(root: node, file: file, keys: keys).mapping
            recordSources(of: root, under: "", file: file, into: &sources)
        }
        for preset in presets where node(at: preset.key, in: root) == nil {
            guard let key = keys.key(preset.key), key.kind != .section else {
                throw ConfigurationError(file: preset.flag, line: nil, key: preset.key, message: "not a key a preset can set")
            }
            set(key, preset.value, in: &root)
            sources[key.path] = .preset(preset.flag)
        }
        for name in environment.keys.sorted() where name.hasPrefix("NETSNAP_") {
            guard let key = keys.key(environmentName: name), let value = environment[name] else { continue }
            set(key, value, in: &root)
            sources[key.path] = .environment(name)
        }
        for override in overrides {
            guard let key = keys.key(override.key), key.kind != .section else {
                throw ConfigurationError(file: override.flag, line: nil, key: override.key, message: "not a key a flag can set")
            }
            set(key, override.value, in: &root)
            sources[key.path] = .flag(override.flag)
        }
        return LayeredSettings(root: root, file: file ?? "(no config file)", sources: sources)
    }

    /// The `NETSNAP_*` variables of `environment` that name no key of `keys` (typos), for a warning.
    public static func unknownVariables(in environment: [String: String], keys: KeyCatalogue) -> [String] {
        environment.keys.filter {
            $0.hasPrefix("NETSNAP_") && !ignoredVariables.contains($0) && keys.key(environmentName: $0) == nil
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
        case .items: value = (try? Yams.compose(yaml: text)) ?? Node(text, plainString)
        case .list:
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            value = .sequence(Node.Sequence(items.map { Node($0) }))
        case .string: value = Node(text, plainString)
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

    /// A string's tag that never resolves through Yams' default resolver, whose first use
    /// compiles ten ICU regular expressions: 2 ms of a `netsnap tile --locale de-DE` that
    /// reads no file (`ConfigurationReader.node` says the same of lookups).
    private static var plainString: Tag { Tag(.str, .basic, .default) }

    /// `mapping` with `value` at `levels`; keys are compared and made by text, not through
    /// `Node.Mapping`'s string subscript, which resolves a new key's tag (see `plainString`).
    private static func placing(_ value: Node, at levels: ArraySlice<String>, in mapping: Node.Mapping) -> Node.Mapping {
        guard let first = levels.first else { return mapping }
        var pairs = Array(mapping)
        let index = pairs.lastIndex { $0.key.scalar?.string == first }
        let placed: Node
        if levels.count == 1 {
            placed = value
        } else {
            let inner = index.flatMap { pairs[$0].value.mapping } ?? ConfigurationReader.emptyMapping
            placed = .mapping(placing(value, at: levels.dropFirst(), in: inner))
        }
        if let index { pairs[index].value = placed } else { pairs.append((Node(first, plainString), placed)) }
        return Node.Mapping(pairs, mapping.tag, mapping.style)
    }
}
