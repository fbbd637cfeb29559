import Foundation
import NetsnapLanguage
import NetsnapModel

/// How the event feeds present themselves.
public struct EventFeedContext: Sendable, Equatable {
    /// The feed's title, e.g. "netsnap — Home Wi-Fi".
    public var title: String
    /// Where netsnap's outputs are published (ends with "/"); feed and page links hang off
    /// it. Nil leaves every link out: a feed must not name a host it did not come from.
    public var baseURL: String?
    /// Items kept, newest first.
    public var limit: Int
    /// Use the events' public wording (no addresses, no hostnames).
    public var redacted: Bool
    /// The feed's `updated` time when there are no events yet.
    public var fallbackUpdated: Date
    /// The render time: events dated ahead of it are marked and listed last. Nil trusts every date.
    public var now: Date?
    /// The incidents listed with the events, each updated in place as it closes or gets a note.
    public var incidents: [Incident]
    /// Where the incidents' times are told.
    public var timeZone: TimeZone
    /// The feed's language: its own words, the incidents' and the `language`/`xml:lang` it declares.
    public var wording: Wording

    public init(
        title: String, baseURL: String?, limit: Int = 100, redacted: Bool = false, fallbackUpdated: Date, now: Date? = nil,
        incidents: [Incident] = [], timeZone: TimeZone = TimeZone(identifier: "UTC")!, wording: Wording = .posix
    ) {
        self.wording = wording
        self.incidents = incidents
        self.timeZone = timeZone
        self.title = title
        self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        self.limit = limit
        self.redacted = redacted
        self.fallbackUpdated = fallbackUpdated
        self.now = now
    }

    /// `name` under the base URL, when there is one.
    func link(_ name: String) -> String? { baseURL.map { $0 + name } }
}
