/// One key of the config file, documented where it is declared: its dotted path, what it
/// holds, its default, its unit and what it does. `ConfigurationKeys.all` lists every key;
/// the reader refuses any key not listed, so the reference cannot miss one.
public struct ConfigurationKey: Sendable, Equatable {
    /// What a key holds, as the file, `NETSNAP_*` and flags spell it.
    public enum Kind: String, Sendable {
        case string, bool, number, integer
        /// A list of strings; from the environment or a flag, comma-separated.
        case list
        /// A mapping of further keys (listed after it).
        case section
        /// A list of mappings, written in the file only (each item's keys are in `doc`).
        case items
    }

    /// The dotted path, such as `tiles.sizes`.
    public let path: String
    public let kind: Kind
    /// The default as YAML text; nil when unset by default (see `defaultNote`).
    public let defaultValue: String?
    /// A default that depends on the host or on another key, said in words.
    public let defaultNote: String?
    public let unit: String?
    public let doc: String
    /// Hidden by `config show` (passwords, tokens, secrets).
    public let secret: Bool

    public init(
        _ path: String, _ kind: Kind, default defaultValue: String? = nil, note defaultNote: String? = nil, unit: String? = nil,
        secret: Bool = false, _ doc: String
    ) {
        self.path = path
        self.kind = kind
        self.defaultValue = defaultValue
        self.defaultNote = defaultNote
        self.unit = unit
        self.doc = doc
        self.secret = secret
    }

    /// The key's last level (`sizes` for `tiles.sizes`).
    public var name: String {
        guard let dot = lastDot else { return path }
        return String(path[path.utf8.index(after: dot)...])
    }

    /// The section it belongs to (`tiles` for `tiles.sizes`); "" at the top.
    public var parent: String {
        guard let dot = lastDot else { return "" }
        return String(path[..<dot])
    }

    /// Found in the path's bytes (paths are ASCII): by `Character`s, the catalogue's 344 keys
    /// cost every start 1 M instructions of grapheme breaking.
    private var lastDot: String.Index? { path.utf8.lastIndex(of: UInt8(ascii: ".")) }

    /// The path's levels.
    public var levels: [String] { path.split(separator: ".").map(String.init) }

    /// The variable that sets it, `NETSNAP_` and the path in upper snake case
    /// (`watch.intervalSeconds` → `NETSNAP_WATCH_INTERVAL_SECONDS`); nil for sections and lists
    /// of mappings, which only the file can hold.
    public var environmentName: String? {
        guard kind != .section && kind != .items else { return nil }
        var name = "NETSNAP"
        for level in levels {
            name += "_"
            var previousWasLower = false
            for character in level {
                if character.isUppercase && previousWasLower { name += "_" }
                name += character.uppercased()
                previousWasLower = character.isLowercase || character.isNumber
            }
        }
        return name
    }
}
