import Logging
import NetsnapModel

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
    public static func standardError(label: String, level: Logger.Level) -> EscapingLogHandler {
        var handler = StreamLogHandler.standardError(label: label)
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
