import Foundation
import NetsnapJSON
import NetsnapModel

/// One line of a display's own log, as its firmware posted it to `/api/log`: what it said,
/// how grave (`info`, `warn`, `error`… — firmware 1.8.10 and later say), where in its source,
/// and when — by the device's clock when it had one, and by ours when it arrived.
package struct DisplayLogEntry: Equatable, Sendable {
    package let receivedAt: Date
    package let createdAt: Date?
    package let level: String?
    package let source: String?
    package let message: String

    /// The most a message keeps (UTF-8 bytes); the firmware's own messages stay under 1 KB.
    package static let messageLimit = 2_048

    package init(receivedAt: Date, createdAt: Date?, level: String?, source: String?, message: String) {
        self.receivedAt = receivedAt
        self.createdAt = createdAt
        self.level = level.map { Self.cleaned($0, limit: 16) }
        self.source = source.map { Self.cleaned($0, limit: 128) }
        self.message = Self.cleaned(message, limit: Self.messageLimit)
    }

    /// One element of the posted array, in either shape the firmware has sent: 1.5.10 and
    /// later (`serialize_log.cpp`: `message`, `created_at`, `source_path`, `source_line`, and
    /// `level` from 1.8.10) or 1.4.8–1.5.9 (`log_message`, `creation_timestamp`,
    /// `log_sourcefile`, `log_codeline`). Nil for an element that carries no message.
    package init?(firmware element: JSONValue, receivedAt: Date) {
        guard case .string(let message)? = element["message"] ?? element["log_message"] else { return nil }
        let created = (element["created_at"] ?? element["creation_timestamp"]).flatMap(Self.deviceTime)
        var level: String?
        if case .string(let text)? = element["level"] { level = text }
        var source: String?
        if case .string(let path)? = element["source_path"] ?? element["log_sourcefile"] {
            let line = (element["source_line"] ?? element["log_codeline"]).flatMap(Self.integer)
            source = line.map { "\(path):\($0)" } ?? path
        }
        self.init(receivedAt: receivedAt, createdAt: created, level: level, source: source, message: message)
    }

    /// A Unix time the device's clock gave; nil before 2020, which means the clock was not set yet.
    package static func deviceTime(_ value: JSONValue) -> Date? {
        guard let seconds = integer(value), seconds >= 1_577_836_800, seconds < 4_102_444_800 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    package static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, number.isFinite, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// `text` with control characters replaced, cut at a character boundary to `limit` UTF-8 bytes.
    package static func cleaned(_ text: String, limit: Int) -> String {
        let clean = TextHygiene.replacingControls(text)
        guard clean.utf8.count > limit else { return clean }
        var cut = ""
        for character in clean {
            guard cut.utf8.count + character.utf8.count <= limit else { break }
            cut.append(character)
        }
        return cut
    }
}
