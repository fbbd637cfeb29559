import Foundation
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapPush

@Suite struct HomeAssistantDiscoveryTests {
    var settings: MQTTSettings {
        var settings = MQTTSettings(host: "127.0.0.1", nodeID: "hallway-pi")
        settings.deviceName = "Home network"
        return settings
    }

    func messages(_ frame: PushFrame, settings: MQTTSettings? = nil) -> [String: String] {
        let discovery = HomeAssistantDiscovery(settings: settings ?? self.settings, softwareVersion: "0.1.0")
        var result: [String: String] = [:]
        for message in discovery.messages(for: frame) {
            #expect(result[message.topic] == nil, "published twice: \(message.topic)")
            result[message.topic] = String(decoding: message.payload, as: UTF8.self)
        }
        return result
    }

    func configs(_ messages: [String: String]) throws -> [String: (component: String, payload: [String: Any])] {
        var configs: [String: (component: String, payload: [String: Any])] = [:]
        for (topic, text) in messages where topic.hasPrefix("homeassistant/") {
            let parsed = try #require(HomeAssistantSchema.isDiscoveryTopic(topic, prefix: "homeassistant"), "\(topic)")
            #expect(parsed.nodeID == "hallway-pi")
            let payload = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            configs[parsed.objectID] = (parsed.component, payload)
        }
        return configs
    }

    @Test func everyDiscoveryPayloadHoldsToHomeAssistantsSchema() throws {
        let configs = try configs(messages(PushFixtures.frame()))
        // 8 network, 3 maintenance, 3 for each of 2 targets.
        #expect(configs.count == 17)
        var uniqueIDs: Set<String> = []
        for (objectID, config) in configs {
            #expect(HomeAssistantSchema.violations(of: config.payload, component: config.component) == [], "\(objectID)")
            #expect(uniqueIDs.insert(config.payload["unique_id"] as? String ?? "").inserted, "unique_id of \(objectID) repeats")
            let device = try #require(config.payload["device"] as? [String: Any])
            #expect(device["identifiers"] as? [String] == ["netsnap_hallway-pi"])
            #expect(device["name"] as? String == "Home network")
            #expect(device["sw_version"] as? String == "0.1.0")
            let availability = try #require(config.payload["availability"] as? [[String: Any]])
            #expect(availability.first?["topic"] as? String == "netsnap/hallway-pi/availability")
            #expect(config.payload["availability_mode"] as? String == "all")
        }
    }

    @Test func entitiesCarryTheirClassesUnitsAndCategories() throws {
        let configs = try configs(messages(PushFixtures.frame()))
        let status = try #require(configs["status"])
        #expect(status.component == "sensor")
        #expect(status.payload["device_class"] as? String == "enum")
        #expect(status.payload["options"] as? [String] == ["online", "degraded", "offline"])
        #expect(status.payload["state_topic"] as? String == "netsnap/hallway-pi/status")
        #expect(status.payload["unique_id"] as? String == "netsnap_hallway-pi_status")

        let nasID = PushFixtures.nasID.uuidString.lowercased()
        let connectivity = try #require(configs["target_\(nasID)"])
        #expect(connectivity.component == "binary_sensor")
        #expect(connectivity.payload["device_class"] as? String == "connectivity")
        #expect(connectivity.payload["name"] as? String == "Target NAS")
        #expect(connectivity.payload["object_id"] as? String == "netsnap_hallway_pi_target_nas")
        #expect(connectivity.payload["state_topic"] as? String == "netsnap/hallway-pi/target/nas/connectivity")
        #expect(connectivity.payload["payload_on"] as? String == "ON")
        #expect(connectivity.payload["payload_off"] as? String == "OFF")

        let latency = try #require(configs["target_\(nasID)_latency"])
        #expect(latency.payload["device_class"] as? String == "duration")
        #expect(latency.payload["unit_of_measurement"] as? String == "ms")
        #expect(latency.payload["state_class"] as? String == "measurement")
        #expect(latency.payload["state_topic"] as? String == "netsnap/hallway-pi/target/nas/latency")

        for id in ["gateway_latency"] {
            #expect(configs[id]?.payload["unit_of_measurement"] as? String == "ms")
            #expect(configs[id]?.payload["state_class"] as? String == "measurement")
        }
        for id in ["devices_active", "devices_total"] { #expect(configs[id]?.payload["state_class"] as? String == "measurement") }
        for id in ["public_ip", "isp", "data_age", "stale"] {
            #expect(configs[id]?.payload["entity_category"] as? String == "diagnostic", "\(id)")
        }
        #expect(configs["data_age"]?.payload["unit_of_measurement"] as? String == "s")
        #expect(configs["stale"]?.payload["device_class"] as? String == "problem")
        // Data entities go unavailable while the data is stale; the freshness entities do not.
        let statusAvailability = try #require(status.payload["availability"] as? [[String: Any]])
        #expect(statusAvailability.count == 2)
        #expect(statusAvailability[1]["topic"] as? String == "netsnap/hallway-pi/freshness")
        #expect(statusAvailability[1]["payload_available"] as? String == "fresh")
        #expect(statusAvailability[1]["payload_not_available"] as? String == "stale")
        #expect((configs["stale"]?.payload["availability"] as? [[String: Any]])?.count == 1)
        #expect((configs["data_age"]?.payload["availability"] as? [[String: Any]])?.count == 1)
    }

    @Test func downTargetsSayWhyUpTargetsDoNot() throws {
        var snapshot = PushFixtures.snapshot()
        for index in snapshot.targets.indices {
            snapshot.targets[index].lastError = "connection refused"
            snapshot.targets[index].lastErrorAt = PushFixtures.snapshotTime
        }
        snapshot.targets[1].lastError = String(repeating: "x", count: 300)
        let states = messages(PushFixtures.frame(snapshot))
        // A text sensor's unknown is the word Home Assistant itself uses; "None" would show as text.
        #expect(states["netsnap/hallway-pi/target/nas/last_error"] == "unknown")
        let long = try #require(states["netsnap/hallway-pi/target/home-assistant/last_error"])
        #expect(long.count == 255 && long.hasSuffix("…"))
        snapshot.targets[1].lastError = "HTTP 500 (expected 200)"
        #expect(messages(PushFixtures.frame(snapshot))["netsnap/hallway-pi/target/home-assistant/last_error"] == "HTTP 500 (expected 200)")
        let config = try #require(
            try configs(messages(PushFixtures.frame(snapshot)))["target_\(PushFixtures.homeAssistantID.uuidString.lowercased())_last_error"]
        )
        #expect(config.component == "sensor")
        #expect(config.payload["entity_category"] as? String == "diagnostic")
    }

    @Test func statesAreTheFramesValues() {
        let states = messages(PushFixtures.frame(secondsLater: 42))
        #expect(states["netsnap/hallway-pi/status"] == "degraded")
        #expect(states["netsnap/hallway-pi/target/nas/connectivity"] == "ON")
        #expect(states["netsnap/hallway-pi/target/nas/latency"] == "1")
        #expect(states["netsnap/hallway-pi/target/home-assistant/connectivity"] == "OFF")
        // Home Assistant reads "None" as unknown: a down target has no latency, not zero.
        #expect(states["netsnap/hallway-pi/target/home-assistant/latency"] == "None")
        #expect(states["netsnap/hallway-pi/gateway/latency"] == "3.3")
        #expect(states["netsnap/hallway-pi/devices/active"] == "1")
        #expect(states["netsnap/hallway-pi/devices/total"] == "2")
        #expect(states["netsnap/hallway-pi/public_ip"] == "203.0.113.7")
        #expect(states["netsnap/hallway-pi/isp"] == "Example ISP")
        #expect(states["netsnap/hallway-pi/data_age"] == "42")
        #expect(states["netsnap/hallway-pi/stale"] == "OFF")
        #expect(states["netsnap/hallway-pi/freshness"] == "fresh")
    }

    @Test func staleDataSaysSo() {
        let states = messages(PushFixtures.frame(secondsLater: 301))
        #expect(states["netsnap/hallway-pi/stale"] == "ON")
        #expect(states["netsnap/hallway-pi/freshness"] == "stale")
        #expect(states["netsnap/hallway-pi/data_age"] == "301")
    }

    @Test func unknownNumbersReadAsNoneAndUnknownTextsAsUnknown() {
        var snapshot = PushFixtures.snapshot(gatewayLatency: nil)
        snapshot.status.publicIP = nil
        snapshot.status.ispName = nil
        let states = messages(PushFixtures.frame(snapshot))
        #expect(states["netsnap/hallway-pi/gateway/latency"] == "None")
        #expect(states["netsnap/hallway-pi/public_ip"] == "unknown")
        #expect(states["netsnap/hallway-pi/isp"] == "unknown")
    }

    @Test func theSnapshotIsPublishedOnlyWhenAskedAndRedactedByDefault() throws {
        var snapshot = PushFixtures.snapshot()
        snapshot.status.publicIP = IPAddress("198.51.100.9")
        let frame = PushFrame(widgets: PushFixtures.frame(snapshot).widgets, events: [], now: Date(), snapshot: snapshot)
        #expect(messages(frame)["netsnap/hallway-pi/snapshot"] == nil)
        var settings = self.settings
        settings.publishSnapshot = true
        let redacted = try #require(messages(frame, settings: settings)["netsnap/hallway-pi/snapshot"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(redacted.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(!redacted.contains("198.51.100.9"))
        settings.redactSnapshot = false
        #expect(messages(frame, settings: settings)["netsnap/hallway-pi/snapshot"]?.contains("198.51.100.9") == true)
    }

    @Test func discoveryOffPublishesStatesOnly() {
        var settings = self.settings
        settings.discovery = false
        let topics = messages(PushFixtures.frame(), settings: settings).keys
        #expect(!topics.contains { $0.hasPrefix("homeassistant/") })
        #expect(topics.contains("netsnap/hallway-pi/status"))
    }

    @Test func prefixesAndRepeatedNamesShapeTheTopics() throws {
        var settings = self.settings
        settings.topicPrefix = "home/net"
        settings.discoveryPrefix = "ha"
        let snapshot = PushFixtures.snapshot(targets: [
            PushFixtures.target(PushFixtures.nasID, "NAS", online: true, latency: 2),
            PushFixtures.target(PushFixtures.homeAssistantID, "nas", online: true, latency: 3),
        ])
        let topics = messages(PushFixtures.frame(snapshot), settings: settings)
        #expect(topics["home/net/hallway-pi/target/nas/latency"] == "2")
        #expect(topics["home/net/hallway-pi/target/nas-2/latency"] == "3")
        #expect(topics.keys.contains("ha/sensor/hallway-pi/status/config"))
    }

    @Test func namesAreEscapedInsideTheJSON() throws {
        let snapshot = PushFixtures.snapshot(targets: [
            PushFixtures.target(PushFixtures.nasID, "NAS \"main\" </script> \\ ☃", online: true, latency: 2)
        ])
        let configs = try configs(messages(PushFixtures.frame(snapshot)))
        let name = configs["target_\(PushFixtures.nasID.uuidString.lowercased())"]?.payload["name"] as? String
        #expect(name == "Target NAS \"main\" </script> \\ ☃")
    }

    /// Targets called like built-in entities, and a second netsnap with the same device name:
    /// no two entities share a name, a unique id or an entity id.
    @Test func namesAndIDsNeverCollide() throws {
        let snapshot = PushFixtures.snapshot(targets: [
            PushFixtures.target(PushFixtures.nasID, "Gateway", online: true, latency: 2),
            PushFixtures.target(PushFixtures.homeAssistantID, "Status", online: false, latency: nil),
        ])
        var other = settings
        other.nodeID = "cabin-pi"
        var names: Set<String> = []
        var uniqueIDs: Set<String> = []
        var objectIDs: Set<String> = []
        for settings in [self.settings, other] {
            let discovery = HomeAssistantDiscovery(settings: settings)
            for message in discovery.messages(for: PushFixtures.frame(snapshot)) where message.topic.hasPrefix("homeassistant/") {
                let payload = try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
                let objectID = try #require(payload["object_id"] as? String)
                let component = message.topic.split(separator: "/")[1]
                // Home Assistant 2025.10 on reads the entity id from default_entity_id, with the domain.
                #expect(payload["default_entity_id"] as? String == "\(component).\(objectID)")
                #expect(objectID.hasPrefix("netsnap_\(settings.nodeID.replacingOccurrences(of: "-", with: "_"))_"))
                #expect(objectIDs.insert("\(component).\(objectID)").inserted, "\(objectID) repeats")
                #expect(uniqueIDs.insert(payload["unique_id"] as? String ?? "").inserted)
                if settings.nodeID == self.settings.nodeID { #expect(names.insert(payload["name"] as? String ?? "").inserted) }
            }
        }
        #expect(names.contains("Target Gateway latency") && names.contains("Gateway latency"))
        #expect(names.contains("Target Status") && names.contains("Status"))
    }

    @Test func nodeIDFromHostName() {
        #expect(MQTTSettings.nodeID(fromHostName: "Hallway-Pi.local") == "hallway-pi")
        #expect(MQTTSettings.nodeID(fromHostName: "…") == "netsnap")
    }
}
