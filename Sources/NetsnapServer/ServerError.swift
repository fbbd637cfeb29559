/// The server cannot start.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { "error: \(message)" }
}
