import Foundation

/// A random id made once per state folder (`<folder>/installation-id`) and kept: what tells
/// two netsnaps apart that share a host name — above all their MQTT client ids, which a broker
/// must never see twice (it closes the older connection, and two such clients take turns
/// kicking each other off).
public enum InstallationID {
    public static let fileName = "installation-id"

    /// The folder's id, made (and written atomically) on first use; nil when the folder can
    /// hold none (read-only): the caller then makes one for this run only.
    public static func load(folder: String) -> String? {
        let path = "\(folder)/\(fileName)"
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if isValid(id) { return id }
        }
        let id = make()
        let temporary = "\(path).tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((id + "\n").utf8)) else { return nil }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return nil
        }
        return id
    }

    /// Eight lower-case hex digits.
    public static func make() -> String {
        String((0..<8).map { _ in "0123456789abcdef".randomElement()! })
    }

    static func isValid(_ id: String) -> Bool { id.count == 8 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
}
