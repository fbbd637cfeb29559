import NetsnapJSON

extension HomeAssistantDiscovery {
    /// The wall's sites as Home Assistant entities on this netsnap's device: one
    /// connectivity binary sensor each (`binary_sensor.netsnap_<nodeID>_site_<slug>`), its
    /// state on `<base>/site/<slug>/connectivity`, its `sites.json` entry as attributes.
    /// They follow the aggregator's availability only: a lost site is OFF, not unavailable.
    public func siteMessages(_ sites: [SiteSensor]) -> [RetainedMessage] {
        var messages: [RetainedMessage] = []
        for site in sites {
            let entity = Self.siteEntity(site)
            if settings.discovery {
                var config = config(for: entity)
                if case .object(var members) = config {
                    members.append(("json_attributes_topic", .string("\(baseTopic)/\(Self.sitePath(site.slug))/attributes")))
                    config = .object(members)
                }
                messages.append(RetainedMessage(topic: configTopic(for: entity), payload: JSONWriter.bytes(config, pretty: false)))
            }
            messages.append(RetainedMessage(topic: "\(baseTopic)/\(entity.statePath)", text: entity.state))
            messages.append(
                RetainedMessage(
                    topic: "\(baseTopic)/\(Self.sitePath(site.slug))/attributes", payload: JSONWriter.bytes(site.attributes, pretty: false))
            )
        }
        return messages
    }

    /// The topics a site's entity occupies below `<base>` (its state and attributes).
    static func sitePath(_ slug: String) -> String { "site/\(slug)" }

    /// The object id of a site's entity: `site_` keeps it apart from the network's own and the targets' (`target_…`).
    public static func siteObjectID(_ slug: String) -> String { "site_\(slug)" }

    static func siteEntity(_ site: SiteSensor) -> HomeAssistantEntity {
        HomeAssistantEntity(
            component: .binarySensor, objectID: siteObjectID(site.slug), name: "Site \(site.name)",
            statePath: "\(sitePath(site.slug))/connectivity", state: site.connected ? "ON" : "OFF",
            fields: [
                ("device_class", .string("connectivity")), ("payload_on", .string("ON")), ("payload_off", .string("OFF")),
                ("icon", .string("mdi:map-marker-radius")),
            ],
            followsFreshness: false)
    }

    /// The filters of everything a site's entity left retained on this netsnap's broker.
    public func siteFilters(_ slug: String) -> [String] {
        [
            "\(settings.discoveryPrefix)/binary_sensor/\(settings.nodeID)/\(Self.siteObjectID(slug))/config",
            "\(baseTopic)/\(Self.sitePath(slug))/#",
        ]
    }
}
