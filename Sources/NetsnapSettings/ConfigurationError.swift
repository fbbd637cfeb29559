/// A config file that cannot be used: the file, the line and the key, what was expected.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let key: String
    public let message: String

    public var description: String {
        let place = line.map { "\(file): line \($0)" } ?? file
        return key.isEmpty ? "error: \(place): \(message)" : "error: \(place): \(key): \(message)"
    }
}
