import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapPush

/// With `speed:` configured, Home Assistant gets the line's download, upload, latency, jitter
/// and the time of the measurement as sensors of their proper classes; without it, none.
@Suite struct SpeedDiscoveryTests {
    let discovery = HomeAssistantDiscovery(settings: MQTTSettings(host: "127.0.0.1", nodeID: "hallway-pi"), softwareVersion: "0.1.0")

    func published(_ snapshot: Snapshot) -> [String: String] {
        var result: [String: String] = [:]
        for message in discovery.messages(for: PushFixtures.frame(snapshot)) {
            result[message.topic] = String(decoding: message.payload, as: UTF8.self)
        }
        return result
    }

    @Test func theNewestMeasurementIsFiveSensorsWithTheirStates() throws {
        var snapshot = PushFixtures.snapshot()
        snapshot.speed = SpeedResult(
            measuredAt: PushFixtures.snapshotTime.addingTimeInterval(-3600), downloadMbps: 94.24, uploadMbps: 18.7, latencyMs: 12.5,
            jitterMs: nil, server: "10.0.0.2", tool: "iperf3")
        let messages = published(snapshot)
        #expect(messages["netsnap/hallway-pi/speed/download"] == "94.2")
        #expect(messages["netsnap/hallway-pi/speed/upload"] == "18.7")
        #expect(messages["netsnap/hallway-pi/speed/latency"] == "12.5")
        #expect(messages["netsnap/hallway-pi/speed/jitter"] == "None", "not measured: unknown, not zero")
        #expect(messages["netsnap/hallway-pi/speed/measured"] == RFC3339.format(PushFixtures.snapshotTime.addingTimeInterval(-3600)))
        for key in ["download", "upload", "latency", "jitter", "measured"] {
            let topic = try #require(
                messages.keys.first { $0.hasPrefix("homeassistant/sensor/hallway-pi/") && $0.contains("speed_\(key)") })
            let payload = try #require(try JSONSerialization.jsonObject(with: Data(messages[topic]!.utf8)) as? [String: Any])
            #expect(HomeAssistantSchema.violations(of: payload, component: "sensor") == [], "\(key)")
            let expectedClass = ["download": "data_rate", "upload": "data_rate", "measured": "timestamp"][key] ?? "duration"
            #expect(payload["device_class"] as? String == expectedClass, "\(key)")
            #expect(payload["state_topic"] as? String == "netsnap/hallway-pi/speed/\(key)")
        }
        let download = try #require(messages.first { $0.key.contains("speed_download/config") }?.value)
        #expect(download.contains(#""unit_of_measurement":"Mbit\/s""#) || download.contains(#""unit_of_measurement":"Mbit/s""#))
    }

    @Test func withoutAMeasurementThereAreNoSpeedSensors() {
        #expect(!published(PushFixtures.snapshot()).keys.contains { $0.contains("speed") })
    }
}
