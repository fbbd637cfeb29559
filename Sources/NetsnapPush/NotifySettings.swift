import Foundation
import NetsnapModel

/// The `notify:` section of the config file: where notifications go and the rules that keep
/// them few.
public struct NotifySettings: Sendable, Equatable {
    /// One place notifications are sent.
    public struct Sink: Sendable, Equatable {
        /// How the sink is spoken to.
        public enum Kind: String, Sendable, CaseIterable {
            case ntfy, webhook
        }

        public var kind: Kind
        /// ntfy: the server and topic (`https://ntfy.sh/my-topic`); webhook: the URL POSTed to.
        public var url: URL
        /// ntfy: an access token, sent as `Authorization: Bearer`.
        public var token: String?
        /// webhook: the HMAC-SHA256 key behind `X-Netsnap-Signature`.
        public var secret: String?
        /// The event kinds this sink gets; nil means every kind.
        public var kinds: Set<NetworkEvent.Kind>?

        public init(kind: Kind, url: URL, token: String? = nil, secret: String? = nil, kinds: Set<NetworkEvent.Kind>? = nil) {
            self.kind = kind
            self.url = url
            self.token = token
            self.secret = secret
            self.kinds = kinds
        }

        /// Names the sink in the outbox and in logs: its kind and URL (never its token or secret).
        public var key: String { "\(kind.rawValue) \(url.absoluteString)" }

        /// True when this sink wants events of `kind`.
        public func accepts(_ kind: NetworkEvent.Kind) -> Bool { kinds?.contains(kind) ?? true }
    }

    /// A daily span (local time) during which notifications wait; they go out when it ends.
    public struct QuietHours: Sendable, Equatable {
        /// Minutes after midnight when the quiet starts and ends; a span may cross midnight.
        public var startMinute: Int
        public var endMinute: Int
        public var timeZone: TimeZone

        public init(startMinute: Int, endMinute: Int, timeZone: TimeZone = .current) {
            self.startMinute = startMinute
            self.endMinute = endMinute
            self.timeZone = timeZone
        }
    }

    public var sinks: [Sink] = []
    /// After a notification about a subject, further changes of it within this many seconds
    /// are held and then summed up in one message (default 5 minutes).
    public var cooldownSeconds: Double = 300
    public var quietHours: QuietHours?
    /// At most this many notifications wait in the outbox; beyond it the oldest are dropped.
    public var outboxLimit: Int = 1000
    /// Each HTTP request's time limit (seconds).
    public var timeoutSeconds: Double = 10
    /// The longest wait between two attempts at a failing sink (seconds); attempts back off
    /// from 2 s, doubling up to this.
    public var maximumRetryDelaySeconds: Double = 600
    /// Notifications use the redacted wording (no addresses or host names).
    public var redact: Bool = false

    public init() {}
}
