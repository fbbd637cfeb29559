import NetsnapJSON
import NetsnapLanguage
import NetsnapModel

extension HomeAssistantDiscovery {
    /// The line's newest speed measurement, where `speed:` is configured: download and upload
    /// (Mbit/s, Home Assistant's data rate), latency and jitter, and when it was measured. A
    /// measurement is hours old by design, so these do not follow the data's freshness; the
    /// timestamp tells its age.
    func speedEntities(_ speed: SpeedResult?) -> [HomeAssistantEntity] {
        guard let speed else { return [] }
        let rate: [(key: String, value: JSONValue)] = [
            ("device_class", .string("data_rate")), ("unit_of_measurement", .string("Mbit/s")), ("state_class", .string("measurement")),
            ("suggested_display_precision", .number(1)),
        ]
        func sensor(_ key: String, _ phrase: HomeAssistantPhrase, _ state: String, _ fields: [(key: String, value: JSONValue)])
            -> HomeAssistantEntity
        {
            HomeAssistantEntity(
                component: .sensor, objectID: "speed_\(key)", name: wording(phrase), statePath: "speed/\(key)", state: state,
                fields: fields, followsFreshness: false)
        }
        return [
            sensor("download", .speedDownload, Self.number(speed.downloadMbps), rate + [("icon", .string("mdi:download-network"))]),
            sensor("upload", .speedUpload, Self.number(speed.uploadMbps), rate + [("icon", .string("mdi:upload-network"))]),
            sensor("latency", .speedLatency, Self.number(speed.latencyMs), Self.latencyFields),
            sensor("jitter", .speedJitter, Self.number(speed.jitterMs), Self.latencyFields),
            sensor(
                "measured", .speedMeasured, RFC3339.format(speed.measuredAt),
                [("device_class", .string("timestamp")), ("icon", .string("mdi:speedometer"))]),
        ]
    }
}
