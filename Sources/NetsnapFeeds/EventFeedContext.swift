import Foundation

/// How the event feeds present themselves.
public struct EventFeedContext: Sendable, Equatable {
    /// The feed's title, e.g. "netsnap — Home Wi-Fi".
    public var title: String
    /// Where netsnap's outputs are published (ends with "/"); feed and page links hang off it.
    public var baseURL: String
    /// Items kept, newest first.
    public var limit: Int
    /// Use the events' public wording (no addresses, no hostnames).
    public var redacted: Bool
    /// The feed's `updated` time when there are no events yet.
    public var fallbackUpdated: Date

    public init(title: String, baseURL: String, limit: Int = 100, redacted: Bool = false, fallbackUpdated: Date) {
        self.title = title
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        self.limit = limit
        self.redacted = redacted
        self.fallbackUpdated = fallbackUpdated
    }
}
