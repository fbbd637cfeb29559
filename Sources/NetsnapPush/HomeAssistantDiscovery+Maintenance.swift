import NetsnapJSON
import NetsnapLanguage
import NetsnapWidgets

extension HomeAssistantDiscovery {
    /// Whether maintenance covers anything now (`maintenance`: ON/OFF), what it covers
    /// (`maintenance/covers`: "everything", the targets' names, or "none") and its notes
    /// (`maintenance/note`): an automation can hold its own alerts while it is ON.
    func maintenanceEntities(_ mark: MaintenanceMark?) -> [HomeAssistantEntity] {
        [
            HomeAssistantEntity(
                component: .binarySensor, objectID: "maintenance", name: wording(HomeAssistantPhrase.maintenance), statePath: "maintenance",
                state: mark == nil ? "OFF" : "ON",
                fields: [("payload_on", .string("ON")), ("payload_off", .string("OFF")), ("icon", .string("mdi:wrench-clock"))]),
            HomeAssistantEntity(
                component: .sensor, objectID: "maintenance_covers", name: wording(HomeAssistantPhrase.maintenanceCovers),
                statePath: "maintenance/covers",
                state: mark.map { Self.stateText($0.subject) } ?? "none", fields: [("icon", .string("mdi:wrench"))]),
            HomeAssistantEntity(
                component: .sensor, objectID: "maintenance_note", name: wording(HomeAssistantPhrase.maintenanceNote),
                statePath: "maintenance/note",
                state: mark.flatMap { $0.notes.isEmpty ? nil : Self.stateText(wording.notes($0.notes)) } ?? Self.unknownText,
                fields: [("icon", .string("mdi:note-text-outline"))]),
        ]
    }
}
