import NetsnapPush

extension SiteEntry {
    /// The site as a Home Assistant connectivity sensor of the aggregator; nil for an id
    /// that is not a node id (it is shown invalid on the wall, and gets no entity).
    public var sensor: SiteSensor? {
        guard MQTTSettings.isNodeID(id) else { return nil }
        let connected = state != .lost && state != .offline
        return SiteSensor(slug: slug, name: name, connected: connected, attributes: SitesDocument.json(self))
    }

    /// The folder (and Home Assistant object id part) a site id gets when it is alone:
    /// what `netsnap sites forget` clears.
    public static func slug(of id: String) -> String { SiteSlug.slugs(for: [id])[id] ?? id }
}
