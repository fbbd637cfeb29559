import NetsnapJSON
import NetsnapWidgets

extension HomeAssistantDiscovery {
    /// Whether maintenance covers anything now (`maintenance`: ON/OFF), what it covers
    /// (`maintenance/covers`: "everything", the targets' names, or "none") and its notes
    /// (`maintenance/note`): an automation can hold its own alerts while it is ON.
    static func maintenanceEntities(_ mark: MaintenanceMark?) -> [HomeAssistantEntity] {
        [
            HomeAssistantEntity(
                component: .binarySensor, objectID: "maintenance", name: "Maintenance", statePath: "maintenance",
                state: mark == nil ? "OFF" : "ON",
                fields: [("payload_on", .string("ON")), ("payload_off", .string("OFF")), ("icon", .string("mdi:wrench-clock"))]),
            HomeAssistantEntity(
                component: .sensor, objectID: "maintenance_covers", name: "Maintenance covers", statePath: "maintenance/covers",
                state: mark.map { stateText($0.subject) } ?? "none", fields: [("icon", .string("mdi:wrench"))]),
            HomeAssistantEntity(
                component: .sensor, objectID: "maintenance_note", name: "Maintenance note", statePath: "maintenance/note",
                state: mark.flatMap { $0.notes.isEmpty ? nil : stateText($0.notes.joined(separator: "; ")) } ?? unknownText,
                fields: [("icon", .string("mdi:note-text-outline"))]),
        ]
    }
}
