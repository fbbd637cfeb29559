import NetsnapJSON

/// One site of the wall as the aggregator announces it to Home Assistant: a connectivity
/// binary sensor on the aggregator's own device, its `sites.json` entry as attributes.
public struct SiteSensor: Sendable, Equatable {
    /// The site's folder name below `sites/`: distinct per site, safe in a topic.
    public var slug: String
    public var name: String
    /// ON: the site reports and its network is up (online, degraded, stale, invalid);
    /// OFF: lost, or its own network offline.
    public var connected: Bool
    /// The site's `sites.json` entry.
    public var attributes: JSONValue

    public init(slug: String, name: String, connected: Bool, attributes: JSONValue) {
        self.slug = slug
        self.name = name
        self.connected = connected
        self.attributes = attributes
    }
}
