import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// The MQTT messages for one frame: Home Assistant discovery configs (one device for the
/// network, its entities) and their retained states. Pure: frame in, messages out.
///
/// Topics: `<topicPrefix>/<nodeID>/availability` (`online`/`offline`, the last will),
/// `…/freshness` (`fresh`/`stale`), and one state topic per entity below the same base.
/// Data entities are available only while netsnap is online *and* the data is fresh, so
/// Home Assistant greys them out rather than show old values as current.
public struct HomeAssistantDiscovery: Sendable {
    public let settings: MQTTSettings
    /// The netsnap version, shown on the Home Assistant device.
    public let softwareVersion: String?
    /// The language of the entities' names and the device's model; ids and states never change with it.
    public let wording: Wording

    public init(settings: MQTTSettings, softwareVersion: String? = nil, wording: Wording = .posix) {
        self.settings = settings
        self.softwareVersion = softwareVersion
        self.wording = wording
    }

    /// `<topicPrefix>/<nodeID>`.
    public var baseTopic: String { "\(settings.topicPrefix)/\(settings.nodeID)" }
    /// The availability topic, also the last will's.
    public var availabilityTopic: String { "\(baseTopic)/availability" }
    public var freshnessTopic: String { "\(baseTopic)/freshness" }
    /// Who announces this node id (`NodeOwner`), retained.
    public var ownerTopic: String { "\(baseTopic)/owner" }
    /// Where `mqtt forget` asks, not retained, whether a netsnap of this node runs, and where
    /// each running one answers with its `NodeOwner` announcement.
    public var pingTopic: String { "\(baseTopic)/ping" }
    public var pongTopic: String { "\(baseTopic)/pong" }
    /// The site's own description for the walls (`{"name": …}`), with `publishSnapshot`.
    public var siteTopic: String { "\(baseTopic)/site" }
    /// The site's snapshot document, with `publishSnapshot`.
    public var snapshotTopic: String { "\(baseTopic)/snapshot" }

    /// Discovery configs (when discovery is on), then the freshness flag and every state.
    public func messages(for frame: PushFrame) -> [RetainedMessage] {
        let entities = self.entities(for: frame)
        var messages: [RetainedMessage] = []
        if settings.discovery {
            messages += entities.map {
                RetainedMessage(topic: configTopic(for: $0), payload: JSONWriter.bytes(config(for: $0), pretty: false))
            }
        }
        let stale = frame.widgets.isStale(at: frame.now)
        messages.append(RetainedMessage(topic: freshnessTopic, text: stale ? "stale" : "fresh"))
        messages += entities.map { RetainedMessage(topic: "\(baseTopic)/\($0.statePath)", text: $0.state) }
        if settings.publishSnapshot, let snapshot = frame.snapshot {
            let shown = settings.redactSnapshot ? snapshot.redacted() : snapshot
            messages.append(RetainedMessage(topic: snapshotTopic, payload: JSONWriter.bytes(shown.jsonValue, pretty: false)))
            let site = JSONValue.object([("name", settings.siteName.map { .string($0) } ?? .null)])
            messages.append(RetainedMessage(topic: siteTopic, payload: JSONWriter.bytes(site, pretty: false)))
        }
        return messages
    }

    /// `<discoveryPrefix>/<component>/<nodeID>/<objectID>/config`.
    func configTopic(for entity: HomeAssistantEntity) -> String {
        "\(settings.discoveryPrefix)/\(entity.component.rawValue)/\(settings.nodeID)/\(entity.objectID)/config"
    }

    /// The discovery payload: name, ids, topics, availability and the device, then the
    /// entity's own keys. Full key names, not abbreviations, so the payload reads plainly.
    func config(for entity: HomeAssistantEntity) -> JSONValue {
        var availability: [JSONValue] = [.object([("topic", .string(availabilityTopic))])]
        if entity.followsFreshness {
            availability.append(
                .object([
                    ("topic", .string(freshnessTopic)), ("payload_available", .string("fresh")),
                    ("payload_not_available", .string("stale")),
                ]))
        }
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(entity.name)),
            ("unique_id", .string("netsnap_\(settings.nodeID)_\(entity.objectID)")),
            // Home Assistant up to 2025.9 reads object_id, 2025.10 on default_entity_id (and
            // warns about object_id alone), 2026.4 on drops object_id: both, the same id.
            ("object_id", .string(objectID(for: entity))),
            ("default_entity_id", .string("\(entity.component.rawValue).\(objectID(for: entity))")),
            ("state_topic", .string("\(baseTopic)/\(entity.statePath)")),
            ("availability", .array(availability)),
            ("availability_mode", .string("all")),
            ("device", device),
            ("origin", .object([("name", .string("netsnap"))] + (softwareVersion.map { [("sw_version", .string($0))] } ?? []))),
        ]
        members += entity.fields
        return .object(members)
    }

    /// What Home Assistant makes the entity id from (`sensor.netsnap_<nodeID>_gateway_latency`):
    /// the node id keeps two netsnaps apart even when their device names are the same, and
    /// targets' names follow `target_`, so a target called "Gateway" is not the gateway.
    func objectID(for entity: HomeAssistantEntity) -> String {
        "netsnap_\(settings.nodeID)_\(entity.entityKey ?? entity.objectID)".lowercased().replacingOccurrences(of: "-", with: "_")
    }

    private var device: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("identifiers", .array([.string("netsnap_\(settings.nodeID)")])),
            ("name", .string(settings.deviceName ?? (settings.nodeID == "netsnap" ? "netsnap" : "netsnap \(settings.nodeID)"))),
            ("manufacturer", .string("netsnap")),
            ("model", .string(wording(HomeAssistantPhrase.model))),
        ]
        if let softwareVersion { members.append(("sw_version", .string(softwareVersion))) }
        return .object(members)
    }

    /// Every entity for `frame`, in a stable order: the network, maintenance, each target, each display.
    func entities(for frame: PushFrame) -> [HomeAssistantEntity] {
        networkEntities(for: frame) + maintenanceEntities(frame.widgets.maintenance) + speedEntities(frame.widgets.speed)
            + targetEntities(for: frame)
            + frame.displays.flatMap(displayEntities)
    }

    /// The network's entities: status, gateway, devices, addresses and the data's freshness.
    private func networkEntities(for frame: PushFrame) -> [HomeAssistantEntity] {
        let widgets = frame.widgets
        let diagnostic = Self.diagnostic
        return [
            HomeAssistantEntity(
                component: .sensor, objectID: "status", name: wording(HomeAssistantPhrase.status), statePath: "status",
                state: widgets.overall.rawValue,
                fields: [
                    ("device_class", .string("enum")),
                    ("options", .array(OverallStatus.allCases.map { .string($0.rawValue) })),
                    ("icon", .string("mdi:lan")),
                ]),
            HomeAssistantEntity(
                component: .sensor, objectID: "gateway_latency", name: wording(HomeAssistantPhrase.gatewayLatency),
                statePath: "gateway/latency",
                state: Self.number(widgets.medium.gatewayLatencyMs), fields: Self.latencyFields),
            HomeAssistantEntity(
                component: .sensor, objectID: "devices_active", name: wording(HomeAssistantPhrase.devicesActive),
                statePath: "devices/active",
                state: String(widgets.large.devicesActive), fields: Self.countFields),
            HomeAssistantEntity(
                component: .sensor, objectID: "devices_total", name: wording(HomeAssistantPhrase.devicesTotal), statePath: "devices/total",
                state: String(widgets.large.devicesTotal), fields: Self.countFields),
            HomeAssistantEntity(
                component: .sensor, objectID: "public_ip", name: wording(HomeAssistantPhrase.publicIP), statePath: "public_ip",
                state: widgets.medium.publicIP ?? Self.unknownText, fields: [diagnostic, ("icon", .string("mdi:ip-network"))]),
            HomeAssistantEntity(
                component: .sensor, objectID: "isp", name: wording(HomeAssistantPhrase.isp), statePath: "isp",
                state: widgets.large.ispName.map(Self.stateText) ?? Self.unknownText,
                fields: [diagnostic, ("icon", .string("mdi:web"))]),
            // Freshness itself must stay visible while the data is stale.
            HomeAssistantEntity(
                component: .sensor, objectID: "data_age", name: wording(HomeAssistantPhrase.dataAge), statePath: "data_age",
                state: String(max(0, Int(frame.now.timeIntervalSince(widgets.snapshotAt).rounded(.down)))),
                fields: [
                    diagnostic, ("device_class", .string("duration")), ("unit_of_measurement", .string("s")),
                    ("state_class", .string("measurement")),
                ],
                followsFreshness: false),
            HomeAssistantEntity(
                component: .binarySensor, objectID: "stale", name: wording(HomeAssistantPhrase.dataStale), statePath: "stale",
                state: widgets.isStale(at: frame.now) ? "ON" : "OFF",
                fields: [diagnostic, ("device_class", .string("problem")), ("payload_on", .string("ON")), ("payload_off", .string("OFF"))],
                followsFreshness: false),
        ]
    }

    /// Marks an entity as diagnostic in Home Assistant's device page.
    static let diagnostic: (key: String, value: JSONValue) = ("entity_category", .string("diagnostic"))

    /// A numeric sensor's unknown: Home Assistant's MQTT sensor (2024.3) turns the payload
    /// `None` into no value only when it expects a number.
    static let unknown = "None"

    /// A text sensor's unknown: its payload becomes the state as it is, so `None` would show
    /// as the word; `unknown` is exactly the state Home Assistant gives a sensor without a value.
    static let unknownText = "unknown"

    static let latencyFields: [(key: String, value: JSONValue)] = [
        ("device_class", .string("duration")), ("unit_of_measurement", .string("ms")), ("state_class", .string("measurement")),
        ("suggested_display_precision", .number(1)),
    ]

    private static let countFields: [(key: String, value: JSONValue)] = [
        ("state_class", .string("measurement")), ("icon", .string("mdi:devices")),
    ]

    /// Home Assistant refuses states longer than 255 characters.
    static func stateText(_ text: String) -> String {
        text.count <= 255 ? text : String(text.prefix(254)) + "…"
    }

    /// A latency or share with one decimal, or `None`.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return unknown }
        return JSONWriter.format((value * 10).rounded() / 10)
    }
}
