import Foundation
import Logging
import NetsnapModel
import Synchronization

/// Folds a message stream line by line as it arrives — from a file or standard input on its
/// own thread (reading blocks, and a cycle only needs the latest fold), or from the live link
/// through `consume`. A malformed line is logged and skipped; the stream goes on.
public final class LiveMessageStream: Sendable {
    /// A line longer than this is not kept: the live link drops its connection, a file or
    /// standard input skips the line. The largest honest `deviceUpdate` is a few MB.
    public static let maximumLineBytes = 16 << 20

    /// What the stream comes from, in words for events ("NetMonitor at mac.lan:9000"); nil
    /// for a stream with no name of its own (a file, standard input): "the message stream".
    public let sourceName: String?
    private let folder = Mutex(MessageStreamFolder())
    private let finished = Mutex(false)
    /// When the last well-formed message arrived.
    private let lastArrival = Mutex<Date?>(nil)
    /// Why the live link is down; nil while it is up, or for a file or standard input.
    private let linkDown = Mutex<String?>(nil)

    public init(sourceName: String? = nil) {
        self.sourceName = sourceName
    }

    /// Starts reading `handle` (standard input by default) until end of file.
    public func start(reading handle: FileHandle = .standardInput, logger: Logger, maximumLineBytes: Int = maximumLineBytes) {
        let thread = Thread { [self] in
            var buffer: [UInt8] = []
            var lineStart = 0
            // Inside a line too long to keep: its bytes are dropped up to its newline.
            var skipping = false
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                // Only the new bytes are searched: a 25 MB deviceUpdate arrives in 8 KB pieces.
                var scan = buffer.count
                buffer.append(contentsOf: chunk)
                while let newline = buffer[scan...].firstIndex(of: 0x0A) {
                    if skipping {
                        skipping = false
                    } else {
                        consume(buffer[lineStart..<newline], logger: logger)
                    }
                    lineStart = newline + 1
                    scan = lineStart
                }
                if buffer.count - lineStart > maximumLineBytes {
                    if !skipping {
                        logger.warning("skipped a line longer than the bound", metadata: ["bound": "\(maximumLineBytes) bytes"])
                    }
                    skipping = true
                    lineStart = buffer.count
                }
                if lineStart > 0 {
                    buffer.removeFirst(lineStart)
                    lineStart = 0
                }
            }
            if !buffer.isEmpty, !skipping { consume(buffer, logger: logger) }
            finished.withLock { $0 = true }
            logger.info("message stream ended")
        }
        thread.name = "netsnap-messages"
        thread.start()
    }

    /// Applies one line, logging its issues.
    public func consume(_ line: some Collection<UInt8>, logger: Logger, at arrival: Date = Date()) {
        let issues = folder.withLock { $0.consume(line: line) }
        if issues.isEmpty { lastArrival.withLock { $0 = arrival } }
        for issue in issues { logger.warning("skipped malformed message", metadata: ["issue": "\(issue)"]) }
    }

    /// The snapshot folded so far, timed by its newest message — a `deviceUpdate` after the
    /// last `statusUpdate` is news too; nil before the first `statusUpdate`.
    public var snapshot: Snapshot? {
        guard var snapshot = folder.withLock({ $0.snapshot }) else { return nil }
        if let arrival = lastArrival.withLock({ $0 }), arrival > snapshot.generatedAt { snapshot.generatedAt = arrival }
        return snapshot
    }

    /// True once a device list arrived.
    public var hasDevices: Bool { folder.withLock { $0.hasDevices } }

    /// True once the stream reached its end.
    public var isFinished: Bool { finished.withLock { $0 } }

    /// Notes the live link's state: why it is down, or nil once it is connected again.
    public func noteLink(down reason: String?) { linkDown.withLock { $0 = reason } }

    /// Why the live link is down; nil while it is up or when there is no link.
    public var linkProblem: String? { linkDown.withLock { $0 } }
}
