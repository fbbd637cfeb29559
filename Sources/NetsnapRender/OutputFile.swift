/// One rendered output: a path relative to the output folder and its bytes.
public struct OutputFile: Sendable, Equatable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
