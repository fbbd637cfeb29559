import NetsnapJSON
import NetsnapLanguage
import NetsnapWidgets

extension HomeAssistantDiscovery {
    /// Each target's connectivity, latency, loss and jitter (when measured) and last error,
    /// named "Target <name> …" so that no target ("Status", "Gateway") takes a built-in entity's name.
    func targetEntities(for frame: PushFrame) -> [HomeAssistantEntity] {
        var entities: [HomeAssistantEntity] = []
        let diagnostic = Self.diagnostic
        let targets = frame.widgets.dashboard.targets
        for (target, slug) in zip(targets, Slug.unique(targets.map(\.name))) {
            let id = target.id.uuidString.lowercased()
            entities.append(
                HomeAssistantEntity(
                    component: .binarySensor, objectID: "target_\(id)", name: wording(HomeAssistantPhrase.target, ["name": target.name]),
                    statePath: "target/\(slug)/connectivity", state: target.isOnline ? "ON" : "OFF",
                    fields: [("device_class", .string("connectivity")), ("payload_on", .string("ON")), ("payload_off", .string("OFF"))],
                    entityKey: "target_\(slug)"))
            entities.append(
                HomeAssistantEntity(
                    component: .sensor, objectID: "target_\(id)_latency",
                    name: wording(HomeAssistantPhrase.targetLatency, ["name": target.name]),
                    statePath: "target/\(slug)/latency", state: Self.number(target.isOnline ? target.latencyMs : nil),
                    fields: Self.latencyFields, entityKey: "target_\(slug)_latency"))
            if target.lossPercent != nil || target.jitterMs != nil {
                entities += qualityEntities(target, id: id, slug: slug)
            }
            // Why a down target failed ("connection refused"), unknown while it is up.
            entities.append(
                HomeAssistantEntity(
                    component: .sensor, objectID: "target_\(id)_last_error",
                    name: wording(HomeAssistantPhrase.targetLastError, ["name": target.name]),
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
                component: .sensor, objectID: "target_\(id)_loss",
                name: wording(HomeAssistantPhrase.targetPacketLoss, ["name": target.name]),
                statePath: "target/\(slug)/loss", state: Self.number(target.lossPercent),
                fields: [
                    ("unit_of_measurement", .string("%")), ("state_class", .string("measurement")),
                    ("suggested_display_precision", .number(1)), ("icon", .string("mdi:lan-disconnect")),
                ], entityKey: "target_\(slug)_loss"),
            HomeAssistantEntity(
                component: .sensor, objectID: "target_\(id)_jitter", name: wording(HomeAssistantPhrase.targetJitter, ["name": target.name]),
                statePath: "target/\(slug)/jitter", state: Self.number(target.jitterMs), fields: Self.latencyFields,
                entityKey: "target_\(slug)_jitter"),
        ]
    }
}
