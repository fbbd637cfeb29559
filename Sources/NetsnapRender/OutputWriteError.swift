/// An output file that could not be written; earlier files in the folder are untouched.
public struct OutputWriteError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "error: \(path): cannot write (\(reason))" }
}
