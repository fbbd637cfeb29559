import Crypto
import Foundation
import NetsnapJSON
import NetsnapModel

/// The HTTP POST that delivers one notification to one sink. Pure: notification and sink
/// in, URL, headers and body out.
struct SinkRequest: Sendable, Equatable {
    var url: URL
    var headers: [String: String]
    var body: [UInt8]

    /// The request for `notification` to `sink`, in the sink's own format.
    static func make(_ notification: PushNotification, for sink: NotifySettings.Sink) -> SinkRequest {
        switch sink.kind {
        case .ntfy: return ntfy(notification, sink: sink)
        case .webhook: return webhook(notification, sink: sink)
        }
    }

    /// ntfy's JSON publishing: POST to the server's root with the topic in the body, so titles
    /// and messages travel as UTF-8 JSON rather than in headers.
    static func ntfy(_ notification: PushNotification, sink: NotifySettings.Sink) -> SinkRequest {
        let topic = sink.url.lastPathComponent
        let root = sink.url.deletingLastPathComponent()
        let body = JSONValue.object([
            ("topic", .string(topic)),
            ("title", .string(notification.title)),
            ("message", .string(notification.message)),
            ("priority", .number(Double(notification.priority))),
            ("tags", .array(notification.tags.map { .string($0) })),
        ])
        var headers = ["Content-Type": "application/json", "User-Agent": userAgent]
        if let token = sink.token { headers["Authorization"] = "Bearer \(token)" }
        return SinkRequest(url: root, headers: headers, body: JSONWriter.bytes(body, pretty: false))
    }

    /// A JSON body, signed with the sink's secret when it has one.
    static func webhook(_ notification: PushNotification, sink: NotifySettings.Sink) -> SinkRequest {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(notification.kind)),
            ("title", .string(notification.title)),
            ("message", .string(notification.message)),
            ("time", .string(RFC3339.format(notification.time))),
            ("snapshotAt", .string(RFC3339.format(notification.snapshotAt))),
            ("subject", .string(notification.subject)),
        ]
        if notification.subject == "target" || notification.subject == "device" {
            members.append(
                (
                    notification.subject,
                    .object([
                        ("id", notification.subjectID.map(JSONValue.string) ?? .null),
                        ("name", notification.subjectName.map(JSONValue.string) ?? .null),
                    ])
                ))
        }
        members.append(("eventId", notification.eventID.map(JSONValue.string) ?? .null))
        if let changes = notification.changes { members.append(("changes", .number(Double(changes)))) }
        let body = JSONWriter.bytes(.object(members), pretty: false)
        var headers = ["Content-Type": "application/json", "User-Agent": userAgent]
        if let secret = sink.secret { headers["X-Netsnap-Signature"] = signature(of: body, secret: secret) }
        return SinkRequest(url: sink.url, headers: headers, body: body)
    }

    /// `sha256=` and the hex HMAC-SHA256 of `body` keyed with `secret`.
    static func signature(of body: [UInt8], secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Array(secret.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }

    static let userAgent = "netsnap"
}
