import Foundation
import Logging
import NetsnapModel
import Synchronization

/// Folds a message stream line by line as it arrives, on its own thread: reading standard
/// input blocks, and a cycle only needs the latest fold. A malformed line is logged and
/// skipped; the stream goes on.
public final class LiveMessageStream: Sendable {
    private let folder = Mutex(MessageStreamFolder())
    private let finished = Mutex(false)

    public init() {}

    /// Starts reading `handle` (standard input by default) until end of file.
    public func start(reading handle: FileHandle = .standardInput, logger: Logger) {
        let thread = Thread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    consume(buffer[buffer.startIndex..<newline], logger: logger)
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            if !buffer.isEmpty { consume(buffer, logger: logger) }
            finished.withLock { $0 = true }
            logger.info("message stream ended")
        }
        thread.name = "netsnap-messages"
        thread.start()
    }

    /// Applies one line, logging its issues.
    public func consume(_ line: some Collection<UInt8>, logger: Logger) {
        let issues = folder.withLock { $0.consume(line: line) }
        for issue in issues { logger.warning("skipped malformed message", metadata: ["issue": "\(issue)"]) }
    }

    /// The snapshot folded so far; nil before the first `statusUpdate`.
    public var snapshot: Snapshot? { folder.withLock { $0.snapshot } }

    /// True once the stream reached its end.
    public var isFinished: Bool { finished.withLock { $0 } }
}
