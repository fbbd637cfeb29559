import NetsnapJSON
import NetsnapPush

extension SiteEntry {
    /// The site as Home Assistant entities of the aggregator; nil for an id that is not a
    /// node id (it is shown invalid on the wall, and gets no entity).
    public var sensor: SiteSensor? {
        guard MQTTSettings.isNodeID(id) else { return nil }
        let connected: Bool? = state == .unknown ? nil : state != .lost && state != .offline
        return SiteSensor(slug: slug, name: name, state: state.rawValue, connected: connected, attributes: attributes)
    }

    /// What Home Assistant shows beside the state: what changes with the site, not with the
    /// clock (no ages or snapshot times, so they are not published again every cycle), and
    /// no key it reserves (`state`, `name`, …), which it would drop.
    var attributes: JSONValue {
        .object([
            ("site_id", .string(id)),
            ("site_name", .string(name)),
            ("targets_up", .number(Double(targetsUp))),
            ("targets_down", .number(Double(targetsDown))),
            ("devices_active", .number(Double(devicesActive))),
            ("devices_total", .number(Double(devicesTotal))),
            ("error", error.map { .string($0) } ?? .null),
            ("page", .string(href)),
        ])
    }

    /// The folder (and Home Assistant object id part) a site id gets when it is alone:
    /// what `netsnap sites forget` clears.
    public static func slug(of id: String) -> String { SiteSlug.slugs(for: [id])[id] ?? id }
}
