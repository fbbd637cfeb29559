import NetsnapJSON
import NetsnapLanguage
import NetsnapModel

extension HomeAssistantDiscovery {
    /// A wall display's battery, Wi-Fi signal and last request, on the netsnap device. They
    /// are the display's own readings, not the network data's, so they stay available while
    /// the network data is stale. The id is six hex digits (`DisplayEntry` checks), safe in topics.
    func displayEntities(_ display: DisplayEntry) -> [HomeAssistantEntity] {
        let id = display.id
        let path = "display/\(id.lowercased())"
        return [
            HomeAssistantEntity(
                component: .sensor, objectID: "display_\(id.lowercased())_battery",
                name: wording(HomeAssistantPhrase.displayBattery, ["id": id]), statePath: "\(path)/battery",
                state: display.batteryPercent.map(String.init) ?? Self.unknown,
                fields: [
                    ("device_class", .string("battery")), ("unit_of_measurement", .string("%")), ("state_class", .string("measurement")),
                ],
                followsFreshness: false),
            HomeAssistantEntity(
                component: .sensor, objectID: "display_\(id.lowercased())_rssi",
                name: wording(HomeAssistantPhrase.displaySignal, ["id": id]), statePath: "\(path)/rssi",
                state: display.rssi.map(String.init) ?? Self.unknown,
                fields: [
                    ("entity_category", .string("diagnostic")), ("device_class", .string("signal_strength")),
                    ("unit_of_measurement", .string("dBm")), ("state_class", .string("measurement")),
                ],
                followsFreshness: false),
            HomeAssistantEntity(
                component: .sensor, objectID: "display_\(id.lowercased())_last_seen",
                name: wording(HomeAssistantPhrase.displayLastSeen, ["id": id]),
                statePath: "\(path)/last_seen", state: RFC3339.format(display.lastSeen),
                fields: [("device_class", .string("timestamp")), ("icon", .string("mdi:tablet-dashboard"))],
                followsFreshness: false),
        ]
    }
}
