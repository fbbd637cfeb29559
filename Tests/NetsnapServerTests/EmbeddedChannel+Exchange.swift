import NIOCore
import NIOEmbedded

extension EmbeddedChannel {
    /// Sends `text` as one read; returns what was written back and what went on to the
    /// parser: what the shortcuts' tests compare.
    func exchange(_ text: String) throws -> (answered: String, passedOn: String) {
        try writeInbound(allocator.buffer(string: text))
        var answered = ""
        while let buffer = try readOutbound(as: ByteBuffer.self) { answered += String(buffer: buffer) }
        var passedOn = ""
        while let buffer = try readInbound(as: ByteBuffer.self) { passedOn += String(buffer: buffer) }
        return (answered, passedOn)
    }
}
