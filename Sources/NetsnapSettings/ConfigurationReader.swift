import Foundation
import Yams

/// Reads one YAML mapping of the config file strictly: every key must be known, every
/// value of the expected type, and errors name the file, line and dotted key.
public struct ConfigurationReader {
    let file: String
    let path: String
    let mapping: Node.Mapping
    let line: Int?
    /// The keys a section may hold (`checkDocumentedKeys`).
    let keys: KeyCatalogue

    /// Parses the YAML text of `file`, whose keys `keys` declares; an empty file is an empty
    /// mapping. `path` names the section the text holds ("" for a whole file).
    public init(yaml: String, file: String, keys: KeyCatalogue, at path: String = "") throws(ConfigurationError) {
        try self.init(root: try Self.compose(yaml: yaml, file: file), file: file, keys: keys)
        self = ConfigurationReader(file: file, path: path, mapping: mapping, line: line, keys: keys)
    }

    /// Reads the composed document `root` (nil: an empty file) of `file`.
    init(root: Node?, file: String, keys: KeyCatalogue) throws(ConfigurationError) {
        guard let root else {
            self.init(file: file, path: "", mapping: Self.emptyMapping, line: nil, keys: keys)
            return
        }
        guard let mapping = root.mapping else {
            throw ConfigurationError(file: file, line: root.mark.map { $0.line }, key: "", message: "expected a mapping of keys to values")
        }
        self.init(file: file, path: "", mapping: mapping, line: root.mark?.line, keys: keys)
    }

    /// The YAML text of `file` as a node tree; nil for an empty file.
    static func compose(yaml: String, file: String) throws(ConfigurationError) -> Node? {
        do {
            return try Yams.compose(yaml: yaml)
        } catch {
            throw ConfigurationError(file: file, line: nil, key: "", message: "not valid YAML: \(error)")
        }
    }

    private init(file: String, path: String, mapping: Node.Mapping, line: Int?, keys: KeyCatalogue) {
        self.file = file
        self.path = path
        self.mapping = mapping
        self.line = line
        self.keys = keys
    }

    private func dotted(_ key: String) -> String { path.isEmpty || key.isEmpty ? path + key : "\(path).\(key)" }

    /// The value of `key`, the last one when the file repeats it (as Yams' lookup). Compared
    /// by text: looking up by a new `Node(key)` resolves its tag through Yams' default
    /// resolver, whose first use compiles ten ICU regular expressions, about 1 ms of every
    /// start, even when there is no config file (docs/performance.md).
    private func node(_ key: String) -> Node? {
        mapping.reversed().first { $0.key.scalar?.string == key }?.value
    }

    /// An empty mapping whose tag never resolves through Yams' default resolver (see `node`).
    static var emptyMapping: Node.Mapping { Node.Mapping([], Tag(.map, .basic, .default)) }

    private func fail(_ key: String, _ node: Node?, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node?.mark?.line ?? line, key: dotted(key), message: message)
    }

    /// An error about `key` in this mapping, for checks only the caller can make.
    public func error(_ key: String, _ message: String) -> ConfigurationError { fail(key, node(key), message) }

    /// Refuses any key the catalogue does not declare for this section.
    public func checkDocumentedKeys() throws(ConfigurationError) {
        try checkKeys(keys.names(in: path))
    }

    /// Refuses any key not in `known`, naming it and the keys that are allowed.
    public func checkKeys(_ known: [String]) throws(ConfigurationError) {
        for (key, _) in mapping {
            guard let name = key.string else {
                throw fail("", key, "keys must be strings")
            }
            if !known.contains(name) {
                throw fail(name, key, "unknown key (known keys: \(known.joined(separator: ", ")))")
            }
        }
    }

    public func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let node = node(key) else { return nil }
        guard let scalar = node.scalar, node.tag.rawValue != Tag.Name.null.rawValue else {
            throw fail(key, node, "expected a string")
        }
        return scalar.string
    }

    public func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let node = node(key) else { return nil }
        guard let value = node.bool else { throw fail(key, node, "expected true or false, found \(describe(node))") }
        return value
    }

    /// A number within `range`.
    public func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigurationError) -> Double? {
        guard let node = node(key) else { return nil }
        guard let value = node.float ?? node.int.map(Double.init), value.isFinite, range.contains(value) else {
            throw fail(
                key, node, "expected a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(describe(node))")
        }
        return value
    }

    /// An integer within `range`.
    public func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let node = node(key) else { return nil }
        guard let value = node.int, range.contains(value) else {
            throw fail(key, node, "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(describe(node))")
        }
        return value
    }

    /// A list of strings, each one of `allowed` when given.
    public func strings(_ key: String, allowed: [String]? = nil) throws(ConfigurationError) -> [String]? {
        guard let node = node(key) else { return nil }
        guard let sequence = node.sequence else { throw fail(key, node, "expected a list, found \(describe(node))") }
        var values: [String] = []
        for element in sequence {
            guard let text = element.string else { throw fail(key, element, "expected a list of strings") }
            if let allowed, !allowed.contains(text) {
                throw fail(key, element, "\"\(text)\" is not one of \(allowed.joined(separator: ", "))")
            }
            values.append(text)
        }
        return values
    }

    /// An IANA time zone name such as Europe/Zurich.
    public func timeZone(_ key: String = "timeZone") throws(ConfigurationError) -> TimeZone? {
        guard let zone = try string(key) else { return nil }
        guard let timeZone = TimeZone(identifier: zone) else { throw error(key, "\"\(zone)\" is not a time zone such as Europe/Zurich") }
        return timeZone
    }

    /// The nested mapping under `key`, read with the same rules.
    public func section(_ key: String) throws(ConfigurationError) -> ConfigurationReader? {
        guard let node = node(key) else { return nil }
        guard let mapping = node.mapping else { throw fail(key, node, "expected a mapping, found \(describe(node))") }
        return ConfigurationReader(file: file, path: dotted(key), mapping: mapping, line: node.mark?.line, keys: keys)
    }

    /// The nested mapping under `key`, read by `read` (a feature's own reader).
    public func section<Value>(_ key: String, _ read: (ConfigurationReader) throws(ConfigurationError) -> Value)
        throws(ConfigurationError) -> Value?
    {
        guard let section = try section(key) else { return nil }
        return try read(section)
    }

    /// Each mapping of the list under `key` read by `read`; an empty list when the key is unset.
    public func sections<Value>(_ key: String, _ read: (ConfigurationReader) throws(ConfigurationError) -> Value)
        throws(ConfigurationError) -> [Value]
    {
        var values: [Value] = []
        for item in try sections(key) ?? [] { values.append(try read(item)) }
        return values
    }

    /// The list of mappings under `key`, each read with the same rules (`key[0]`, `key[1]`… in errors).
    public func sections(_ key: String) throws(ConfigurationError) -> [ConfigurationReader]? {
        guard let node = node(key) else { return nil }
        guard let sequence = node.sequence else { throw fail(key, node, "expected a list, found \(describe(node))") }
        var readers: [ConfigurationReader] = []
        for (index, element) in sequence.enumerated() {
            guard let mapping = element.mapping else {
                throw fail("\(key)[\(index)]", element, "expected a mapping, found \(describe(element))")
            }
            readers.append(
                ConfigurationReader(file: file, path: dotted("\(key)[\(index)]"), mapping: mapping, line: element.mark?.line, keys: keys))
        }
        return readers
    }

    private func describe(_ node: Node) -> String {
        if let scalar = node.scalar { return "\"\(scalar.string)\"" }
        return node.mapping != nil ? "a mapping" : "a list"
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
