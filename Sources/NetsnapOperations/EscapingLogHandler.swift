import Logging
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// A log handler that escapes control characters in the message and in every metadata value
/// (nested ones too) before handing the record on, so a device or target named
/// "x\nkind=forged" cannot forge a journal line or send escape codes to a terminal. Every
/// netsnap command logs through it, and so do the libraries it uses (Hummingbird logs request
/// paths, which a client chooses).
public struct EscapingLogHandler: LogHandler {
    private var wrapped: any LogHandler

    /// Wraps `handler`, which does the actual writing.
    public init(wrapping handler: any LogHandler) { wrapped = handler }

    /// A handler that writes escaped records to standard error at `level` and above: what every command logs through.
    /// When standard error is the journal (systemd's `JOURNAL_STREAM` names it), lines leave
    /// out the time: the journal stamps every line itself.
    public static func standardError(label: String, level: Logger.Level) -> EscapingLogHandler {
        var handler =
            JournalStream.isStandardError
            ? StreamLogHandler(label: label, stream: UntimedStandardError(), metadataProvider: LoggingSystem.metadataProvider)
            : StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return EscapingLogHandler(wrapping: handler)
    }

    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue.mapValues(Self.escaped) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue.map(Self.escaped) }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    public func log(event: LogEvent) {
        var escaped = event
        escaped.message = "\(TextHygiene.escapingControls(event.message.description))"
        escaped.metadata = event.metadata.map { metadata in
            Dictionary(uniqueKeysWithValues: metadata.map { (TextHygiene.escapingControls($0.key), Self.escaped($0.value)) })
        }
        wrapped.log(event: escaped)
    }

    /// `value` with every string in it escaped.
    static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): return .string(TextHygiene.escapingControls(text))
        case .stringConvertible(let convertible): return .string(TextHygiene.escapingControls(convertible.description))
        case .array(let values): return .array(values.map(escaped))
        case .dictionary(let values):
            return .dictionary(Dictionary(uniqueKeysWithValues: values.map { (TextHygiene.escapingControls($0.key), escaped($0.value)) }))
        }
    }
}

/// systemd's `JOURNAL_STREAM` ("DEVICE:INODE" of the stream it connected to the journal):
/// standard error is the journal when its file is that one (the variable is inherited by
/// children whose stderr may go elsewhere, so the name alone is not enough).
enum JournalStream {
    static let isStandardError: Bool = {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        return names(value, descriptor: 2)
    }()

    /// Whether `value` ("DEVICE:INODE") names the file open at `descriptor`.
    static func names(_ value: String, descriptor: Int32) -> Bool {
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }
}

/// Standard error without the time StreamLogHandler puts first ("2026-11-21T10:43:00+0100 info
/// netsnap: …" becomes "info netsnap: …"). Each record arrives as one string, written whole.
struct UntimedStandardError: TextOutputStream, Sendable {
    mutating func write(_ string: String) {
        var line = Substring(string)
        if let space = line.firstIndex(of: " "), let first = line.first, first.isNumber, line[..<space].contains("T") {
            line = line[line.index(after: space)...]
        }
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
