/// One file the pages produce: a name relative to the output folder and its bytes.
public struct RenderedPage: Sendable, Equatable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
