import NetsnapJSON

extension HomeAssistantDiscovery {
    /// The wall's sites as Home Assistant entities on this netsnap's device, two each: a
    /// connectivity binary sensor (`binary_sensor.netsnap_<nodeID>_site_<slug>`) and an enum
    /// sensor of the wall's state for it (`sensor.netsnap_<nodeID>_site_<slug>_state`), named
    /// after the site, with its attributes on `<base>/site/<slug>/attributes`. They follow the
    /// aggregator's availability only: a lost site is OFF and `lost`, not unavailable.
    public func siteMessages(_ sites: [SiteSensor]) -> [RetainedMessage] {
        var messages: [RetainedMessage] = []
        for site in sites {
            let attributesTopic = "\(baseTopic)/\(Self.sitePath(site.slug))/attributes"
            for entity in Self.siteEntities(site) {
                if settings.discovery {
                    var config = config(for: entity)
                    if case .object(var members) = config {
                        members.append(("json_attributes_topic", .string(attributesTopic)))
                        config = .object(members)
                    }
                    messages.append(RetainedMessage(topic: configTopic(for: entity), payload: JSONWriter.bytes(config, pretty: false)))
                }
                messages.append(RetainedMessage(topic: "\(baseTopic)/\(entity.statePath)", text: entity.state))
            }
            messages.append(RetainedMessage(topic: attributesTopic, payload: JSONWriter.bytes(site.attributes, pretty: false)))
        }
        return messages
    }

    /// The topics a site's entity occupies below `<base>` (its state and attributes).
    static func sitePath(_ slug: String) -> String { "site/\(slug)" }

    /// The object id of a site's entity: `site_` keeps it apart from the network's own and the targets' (`target_…`).
    public static func siteObjectID(_ slug: String) -> String { "site_\(slug)" }

    static func siteEntities(_ site: SiteSensor) -> [HomeAssistantEntity] {
        let connectivity = site.connected.map { $0 ? "ON" : "OFF" } ?? unknown
        return [
            HomeAssistantEntity(
                component: .binarySensor, objectID: siteObjectID(site.slug), name: "Site \(site.name)",
                statePath: "\(sitePath(site.slug))/connectivity", state: connectivity,
                fields: [
                    ("device_class", .string("connectivity")), ("payload_on", .string("ON")), ("payload_off", .string("OFF")),
                    ("icon", .string("mdi:map-marker-radius")),
                ],
                followsFreshness: false),
            HomeAssistantEntity(
                component: .sensor, objectID: "\(siteObjectID(site.slug))_state", name: "Site \(site.name) state",
                statePath: "\(sitePath(site.slug))/state", state: site.state,
                fields: [
                    ("device_class", .string("enum")), ("options", .array(SiteSensor.states.map { .string($0) })),
                    ("icon", .string("mdi:map-marker-radius")),
                ],
                followsFreshness: false),
        ]
    }

    /// The filters of everything a site's entities left retained on this netsnap's broker.
    public func siteFilters(_ slug: String) -> [String] {
        [
            "\(settings.discoveryPrefix)/binary_sensor/\(settings.nodeID)/\(Self.siteObjectID(slug))/config",
            "\(settings.discoveryPrefix)/sensor/\(settings.nodeID)/\(Self.siteObjectID(slug))_state/config",
            "\(baseTopic)/\(Self.sitePath(slug))/#",
        ]
    }
}
