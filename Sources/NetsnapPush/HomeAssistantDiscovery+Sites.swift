import NetsnapJSON
import NetsnapLanguage
import Synchronization

extension HomeAssistantDiscovery {
    /// The wall's sites as Home Assistant entities on this netsnap's device, two each: a
    /// connectivity binary sensor (`binary_sensor.netsnap_<nodeID>_site_<slug>`) and an enum
    /// sensor of the wall's state for it (`sensor.netsnap_<nodeID>_site_<slug>_state`), named
    /// after the site, with its attributes on `<base>/site/<slug>/attributes`. They follow the
    /// aggregator's availability only: a lost site is OFF and `lost`, not unavailable. A site's
    /// discovery configs are built once for its name (`SiteConfigs`), not every cycle.
    public func siteMessages(_ sites: [SiteSensor]) -> [RetainedMessage] {
        var messages: [RetainedMessage] = []
        messages.reserveCapacity(sites.count * 5)
        var configs = SiteConfigs.shared.take(for: self)
        defer { SiteConfigs.shared.keep(configs, for: self) }
        for site in sites {
            let attributesTopic = "\(baseTopic)/\(Self.sitePath(site.slug))/attributes"
            for entity in siteEntities(site) {
                if settings.discovery {
                    let topic = configTopic(for: entity)
                    let payload = configs.payload(topic: topic, name: entity.name) { siteConfig(entity, attributesTopic: attributesTopic) }
                    messages.append(RetainedMessage(topic: topic, payload: payload))
                }
                messages.append(RetainedMessage(topic: "\(baseTopic)/\(entity.statePath)", text: entity.state))
            }
            messages.append(RetainedMessage(topic: attributesTopic, payload: JSONWriter.bytes(site.attributes, pretty: false)))
        }
        return messages
    }

    /// A site entity's discovery config: the usual one, with the site's attributes topic.
    func siteConfig(_ entity: HomeAssistantEntity, attributesTopic: String) -> [UInt8] {
        var config = config(for: entity)
        if case .object(var members) = config {
            members.append(("json_attributes_topic", .string(attributesTopic)))
            config = .object(members)
        }
        return JSONWriter.bytes(config, pretty: false)
    }

    /// The topics a site's entity occupies below `<base>` (its state and attributes).
    static func sitePath(_ slug: String) -> String { "site/\(slug)" }

    /// The object id of a site's entity: `site_` keeps it apart from the network's own and the targets' (`target_…`).
    public static func siteObjectID(_ slug: String) -> String { "site_\(slug)" }

    func siteEntities(_ site: SiteSensor) -> [HomeAssistantEntity] {
        let connectivity = site.connected.map { $0 ? "ON" : "OFF" } ?? Self.unknown
        return [
            HomeAssistantEntity(
                component: .binarySensor, objectID: Self.siteObjectID(site.slug),
                name: wording(HomeAssistantPhrase.site, ["name": site.name]),
                statePath: "\(Self.sitePath(site.slug))/connectivity", state: connectivity,
                fields: [
                    ("device_class", .string("connectivity")), ("payload_on", .string("ON")), ("payload_off", .string("OFF")),
                    ("icon", .string("mdi:map-marker-radius")),
                ],
                followsFreshness: false),
            HomeAssistantEntity(
                component: .sensor, objectID: "\(Self.siteObjectID(site.slug))_state",
                name: wording(HomeAssistantPhrase.siteState, ["name": site.name]),
                statePath: "\(Self.sitePath(site.slug))/state", state: site.state,
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

/// The sites' discovery configs as last built, by topic and the name they carry (all else in
/// one comes from the topic's site and the discovery settings and language, which the kept
/// configs are for): a wall hands its publisher every site's messages every cycle, sooner when sites
/// send, and a thousand sites' configs built each time took most of a wall's time. Holds the
/// last call's configs only.
final class SiteConfigs: Sendable {
    static let shared = SiteConfigs()

    struct Built {
        fileprivate var previous: [String: [UInt8]]
        fileprivate var current: [String: [UInt8]] = [:]

        /// The kept config for `topic` carrying `name`, else `build()`'s.
        mutating func payload(topic: String, name: String, build: () -> [UInt8]) -> [UInt8] {
            let key = "\(topic)\u{0}\(name)"
            let payload = previous[key] ?? build()
            current[key] = payload
            return payload
        }
    }

    private struct Kept {
        var settings: MQTTSettings
        var softwareVersion: String?
        var wording: Wording
        var configs: [String: [UInt8]]
    }

    private let kept = Mutex<Kept?>(nil)

    /// The configs kept for `discovery`'s settings (none for others), taken out while a call builds.
    func take(for discovery: HomeAssistantDiscovery) -> Built {
        let configs = kept.withLock { kept -> [String: [UInt8]] in
            defer { kept = nil }
            guard let kept, kept.settings == discovery.settings, kept.softwareVersion == discovery.softwareVersion,
                kept.wording == discovery.wording
            else { return [:] }
            return kept.configs
        }
        return Built(previous: configs)
    }

    /// Keeps what a call used, for the next.
    func keep(_ built: Built, for discovery: HomeAssistantDiscovery) {
        kept.withLock {
            $0 = Kept(
                settings: discovery.settings, softwareVersion: discovery.softwareVersion, wording: discovery.wording, configs: built.current
            )
        }
    }
}
