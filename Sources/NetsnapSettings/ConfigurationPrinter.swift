import Foundation
import Yams

/// `netsnap config show`: the effective configuration as YAML, every key with its value and,
/// in a comment, where the value came from. Secrets are hidden; a key without a value says
/// what applies instead, in a comment. Feeding the output back as a file gives the same
/// configuration (secrets aside).
public enum ConfigurationPrinter {
    static let commentColumn = 52

    /// `layers` as YAML, every key of `keys` in its order.
    public static func yaml(_ resolved: LayeredSettings, keys: KeyCatalogue) -> String {
        var lines: [String] = []
        var absentSections: [String] = []
        for key in keys.all {
            if absentSections.contains(where: { key.path.hasPrefix($0 + ".") }) { continue }
            let indent = String(repeating: "  ", count: key.levels.count - 1)
            let node = resolved.node(at: key.path)
            let source = resolved.source(of: key.path)
            switch key.kind {
            case .section:
                if node == nil, let note = key.defaultNote {
                    absentSections.append(key.path)
                    lines.append("\(indent)# \(key.name):  (\(note))")
                } else {
                    lines.append(line("\(indent)\(key.name):", comment: source == .defaultValue ? nil : source.description))
                }
            case .items:
                lines.append(contentsOf: items(key, node: node, source: source, indent: indent))
            default:
                lines.append(scalarLine(key, node: node, source: source, indent: indent))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func scalarLine(_ key: ConfigurationKey, node: Node?, source: ValueSource, indent: String) -> String {
        guard let node else {
            if let value = key.defaultValue { return line("\(indent)\(key.name): \(value)", comment: "default") }
            return "\(indent)# \(key.name):  (default: \(key.defaultNote ?? "none"))"
        }
        let text = key.secret ? "\"(hidden)\"" : flow(node)
        return line("\(indent)\(key.name): \(text)", comment: source.description)
    }

    private static func items(_ key: ConfigurationKey, node: Node?, source: ValueSource, indent: String) -> [String] {
        guard let node, let sequence = node.sequence, !sequence.isEmpty else {
            return [line("\(indent)\(key.name): []", comment: node == nil ? "default" : source.description)]
        }
        var lines = [line("\(indent)\(key.name):", comment: source.description)]
        for item in sequence {
            let fields = item.mapping.map { mapping in
                mapping.compactMap { pair -> String? in
                    guard let name = pair.key.string else { return nil }
                    let hidden = ["secret", "token", "password"].contains(name)
                    return "\(name): \(hidden ? "\"(hidden)\"" : flow(pair.value))"
                }
            }
            lines.append("\(indent)  - " + (fields.map { "{" + $0.joined(separator: ", ") + "}" } ?? flow(item)))
        }
        return lines
    }

    /// A value on one line: a scalar quoted when YAML would read it as something else, a
    /// list or mapping in flow style.
    static func flow(_ node: Node) -> String {
        if let sequence = node.sequence { return "[" + sequence.map(flow).joined(separator: ", ") + "]" }
        if let mapping = node.mapping {
            return "{" + mapping.map { "\(flow($0.key)): \(flow($0.value))" }.joined(separator: ", ") + "}"
        }
        guard let scalar = node.scalar else { return "~" }
        let typed = [Tag.Name.int, .float, .bool].map(\.rawValue).contains(node.tag.rawValue)
        return typed ? scalar.string : quotedIfNeeded(scalar.string)
    }

    /// Plain when the text reads back as the same string, else double-quoted.
    static func quotedIfNeeded(_ text: String) -> String {
        let plain = Node(text)
        let readsBack = plain.tag.rawValue == Tag.Name.str.rawValue && !text.isEmpty && text.trimmingCharacters(in: .whitespaces) == text
        let special = text.contains(where: { ":#{}[],&*!|>'\"%@`\\\n\t".contains($0) }) || text.hasPrefix("-") || text.hasPrefix("?")
        if readsBack && !special { return text }
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                escaped += character.value < 0x20 ? String(format: "\\x%02X", character.value) : String(character)
            }
        }
        return "\"\(escaped)\""
    }

    private static func line(_ text: String, comment: String?) -> String {
        guard let comment else { return text }
        let padding = max(1, commentColumn - text.count)
        return text + String(repeating: " ", count: padding) + "# " + comment
    }
}
