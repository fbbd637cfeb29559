import Foundation
import NetsnapJSON
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

    public init(settings: MQTTSettings, softwareVersion: String? = nil) {
        self.settings = settings
        self.softwareVersion = softwareVersion
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
            ("model", .string("Network status")),
        ]
        if let softwareVersion { members.append(("sw_version", .string(softwareVersion))) }
        return .object(members)
    }

    /// Every entity for `frame`, in a stable order: the network, maintenance, each target, each display.
    func entities(for frame: PushFrame) -> [HomeAssistantEntity] {
        networkEntities(for: frame) + Self.maintenanceEntities(frame.widgets.maintenance) + targetEntities(for: frame)
            + frame.displays.flatMap(Self.displayEntities)
    }

    /// The network's entities: status, gateway, devices, addresses and the data's freshness.
    private func networkEntities(for frame: PushFrame) -> [HomeAssistantEntity] {
        let widgets = frame.widgets
        let diagnostic = Self.diagnostic
        return [
            HomeAssistantEntity(
                component: .sensor, objectID: "status", name: "Status", statePath: "status", state: widgets.overall.rawValue,
                fields: [
                    ("device_class", .string("enum")),
                    ("options", .array(OverallStatus.allCases.map { .string($0.rawValue) })),
                    ("icon", .string("mdi:lan")),
                ]),
            HomeAssistantEntity(
                component: .sensor, objectID: "gateway_latency", name: "Gateway latency", statePath: "gateway/latency",
                state: Self.number(widgets.medium.gatewayLatencyMs), fields: Self.latencyFields),
            HomeAssistantEntity(
                component: .sensor, objectID: "devices_active", name: "Devices active", statePath: "devices/active",
                state: String(widgets.large.devicesActive), fields: Self.countFields),
            HomeAssistantEntity(
                component: .sensor, objectID: "devices_total", name: "Devices total", statePath: "devices/total",
                state: String(widgets.large.devicesTotal), fields: Self.countFields),
            HomeAssistantEntity(
                component: .sensor, objectID: "public_ip", name: "Public IP", statePath: "public_ip",
                state: widgets.medium.publicIP ?? Self.unknownText, fields: [diagnostic, ("icon", .string("mdi:ip-network"))]),
            HomeAssistantEntity(
                component: .sensor, objectID: "isp", name: "ISP", statePath: "isp",
                state: widgets.large.ispName.map(Self.stateText) ?? Self.unknownText,
                fields: [diagnostic, ("icon", .string("mdi:web"))]),
            // Freshness itself must stay visible while the data is stale.
            HomeAssistantEntity(
                component: .sensor, objectID: "data_age", name: "Data age", statePath: "data_age",
                state: String(max(0, Int(frame.now.timeIntervalSince(widgets.snapshotAt).rounded(.down)))),
                fields: [
                    diagnostic, ("device_class", .string("duration")), ("unit_of_measurement", .string("s")),
                    ("state_class", .string("measurement")),
                ],
                followsFreshness: false),
            HomeAssistantEntity(
                component: .binarySensor, objectID: "stale", name: "Data stale", statePath: "stale",
                state: widgets.isStale(at: frame.now) ? "ON" : "OFF",
                fields: [diagnostic, ("device_class", .string("problem")), ("payload_on", .string("ON")), ("payload_off", .string("OFF"))],
                followsFreshness: false),
        ]
    }

    /// Each target's connectivity, latency, loss and jitter (when measured) and last error,
    /// named "Target <name> …" so that no target ("Status", "Gateway") takes a built-in entity's name.
    private func targetEntities(for frame: PushFrame) -> [HomeAssistantEntity] {
        var entities: [HomeAssistantEntity] = []
        let diagnostic = Self.diagnostic
        let targets = frame.widgets.dashboard.targets
        for (target, slug) in zip(targets, Slug.unique(targets.map(\.name))) {
            let id = target.id.uuidString.lowercased()
            entities.append(
                HomeAssistantEntity(
                    component: .binarySensor, objectID: "target_\(id)", name: "Target \(target.name)",
                    statePath: "target/\(slug)/connectivity", state: target.isOnline ? "ON" : "OFF",
                    fields: [("device_class", .string("connectivity")), ("payload_on", .string("ON")), ("payload_off", .string("OFF"))],
                    entityKey: "target_\(slug)"))
            entities.append(
                HomeAssistantEntity(
                    component: .sensor, objectID: "target_\(id)_latency", name: "Target \(target.name) latency",
                    statePath: "target/\(slug)/latency", state: Self.number(target.isOnline ? target.latencyMs : nil),
                    fields: Self.latencyFields, entityKey: "target_\(slug)_latency"))
            if target.lossPercent != nil || target.jitterMs != nil {
                entities += qualityEntities(target, id: id, slug: slug)
            }
            // Why a down target failed ("connection refused"), unknown while it is up.
            entities.append(
                HomeAssistantEntity(
                    component: .sensor, objectID: "target_\(id)_last_error", name: "Target \(target.name) last error",
                    statePath: "target/\(slug)/last_error", state: target.lastError.map(Self.stateText) ?? Self.unknownText,
                    fields: [diagnostic, ("icon", .string("mdi:alert-circle-outline"))], entityKey: "target_\(slug)_last_error"))
        }
        return entities
    }

    /// A target's packet loss and jitter, for targets whose checks measure them (several
    /// echoes per check): the entities come and go with the figures, as a removed target's do.
    private func qualityEntities(_ target: LargeWidget.TargetRow, id: String, slug: String) -> [HomeAssistantEntity] {
        [
            HomeAssistantEntity(
                component: .sensor, objectID: "target_\(id)_loss", name: "Target \(target.name) packet loss",
                statePath: "target/\(slug)/loss", state: Self.number(target.lossPercent),
                fields: [
                    ("unit_of_measurement", .string("%")), ("state_class", .string("measurement")),
                    ("suggested_display_precision", .number(1)), ("icon", .string("mdi:lan-disconnect")),
                ], entityKey: "target_\(slug)_loss"),
            HomeAssistantEntity(
                component: .sensor, objectID: "target_\(id)_jitter", name: "Target \(target.name) jitter",
                statePath: "target/\(slug)/jitter", state: Self.number(target.jitterMs), fields: Self.latencyFields,
                entityKey: "target_\(slug)_jitter"),
        ]
    }

    /// Marks an entity as diagnostic in Home Assistant's device page.
    private static let diagnostic: (key: String, value: JSONValue) = ("entity_category", .string("diagnostic"))

    /// A numeric sensor's unknown: Home Assistant's MQTT sensor (2024.3) turns the payload
    /// `None` into no value only when it expects a number.
    static let unknown = "None"

    /// A text sensor's unknown: its payload becomes the state as it is, so `None` would show
    /// as the word; `unknown` is exactly the state Home Assistant gives a sensor without a value.
    static let unknownText = "unknown"

    private static let latencyFields: [(key: String, value: JSONValue)] = [
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
