import NetsnapJSON

/// One site of the wall as the aggregator announces it to Home Assistant, on the aggregator's
/// own device: a connectivity binary sensor and an enum sensor of its state, both named after
/// the site, with the same attributes.
public struct SiteSensor: Sendable, Equatable {
    /// The site's folder name below `sites/`: distinct per site, safe in a topic.
    public var slug: String
    /// The site's display name (distinct on the wall).
    public var name: String
    /// One of `states`: what the wall says of the site.
    public var state: String
    /// True: the site reports and its network is up (online, degraded, stale, invalid); false:
    /// lost, or its own network offline; nil: the wall cannot tell (its broker is out of reach).
    public var connected: Bool?
    /// What changes only when the site does (no ages, no snapshot times): published again
    /// only when it changes.
    public var attributes: JSONValue

    /// The enum sensor's options, the wall's states.
    public static let states = ["online", "degraded", "stale", "invalid", "lost", "offline", "unknown"]

    public init(slug: String, name: String, state: String, connected: Bool?, attributes: JSONValue) {
        self.slug = slug
        self.name = name
        self.state = state
        self.connected = connected
        self.attributes = attributes
    }
}
