import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapPush

/// Home Assistant's entity names and notifications' own words speak the configured language
/// with the shipped catalogue's words; every id, topic and state stays the same, so entities
/// and automations survive a change of language.
@Suite struct PushLanguageTests {
    static let german = Wording(locale: "de-DE")!
    let settings = MQTTSettings(host: "127.0.0.1", nodeID: "hallway-pi")

    /// Each discovery config by object id, and every state topic's payload, as `wording` names them.
    func published(_ wording: Wording) throws -> (configs: [String: [String: Any]], states: [String: String]) {
        let discovery = HomeAssistantDiscovery(settings: settings, wording: wording)
        var frame = PushFixtures.frame()
        frame.displays = [
            DisplayEntry(
                id: "917F0B", model: "og", firmware: "1.8.5", batteryPercent: 17, rssi: -71, lastSeen: PushFixtures.snapshotTime,
                state: "ok", lastLog: nil)
        ]
        var configs: [String: [String: Any]] = [:]
        var states: [String: String] = [:]
        for message in discovery.messages(for: frame) {
            if let parsed = HomeAssistantSchema.isDiscoveryTopic(message.topic, prefix: "homeassistant") {
                configs[parsed.objectID] = try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
            } else {
                states[message.topic] = String(decoding: message.payload, as: UTF8.self)
            }
        }
        return (configs, states)
    }

    @Test func germanNamesComeFromTheCatalogue() throws {
        let configs = try published(Self.german).configs
        let nas = "target_\(PushFixtures.nasID.uuidString.lowercased())"
        #expect(
            configs["gateway_latency"]?["name"] as? String == (try ShippedTranslation.text(HomeAssistantPhrase.gatewayLatency, in: "de")))
        #expect(
            configs["\(nas)_latency"]?["name"] as? String
                == (try ShippedTranslation.text(HomeAssistantPhrase.targetLatency, in: "de", ["name": "NAS"])))
        #expect(configs["maintenance"]?["name"] as? String == (try ShippedTranslation.text(HomeAssistantPhrase.maintenance, in: "de")))
        #expect(
            configs["display_917f0b_battery"]?["name"] as? String
                == (try ShippedTranslation.text(HomeAssistantPhrase.displayBattery, in: "de", ["id": "917F0B"])))
        let device = try #require(configs["status"]?["device"] as? [String: Any])
        #expect(device["model"] as? String == (try ShippedTranslation.text(HomeAssistantPhrase.model, in: "de")))
    }

    @Test func thePOSIXDefaultKeepsTheEnglishNames() throws {
        let configs = try published(.posix).configs
        let nas = "target_\(PushFixtures.nasID.uuidString.lowercased())"
        #expect(configs["status"]?["name"] as? String == "Status")
        #expect(configs["gateway_latency"]?["name"] as? String == "Gateway latency")
        #expect(configs["\(nas)_latency"]?["name"] as? String == "Target NAS latency")
        #expect(configs["display_917f0b_last_seen"]?["name"] as? String == "Display 917F0B last seen")
        #expect((configs["status"]?["device"] as? [String: Any])?["model"] as? String == "Network status")
    }

    @Test func idsTopicsAndStatesDoNotChangeWithTheLanguage() throws {
        let english = try published(.posix)
        let german = try published(Self.german)
        #expect(Set(german.configs.keys) == Set(english.configs.keys))
        #expect(german.states == english.states)
        for (objectID, config) in english.configs {
            let other = try #require(german.configs[objectID])
            for key in ["unique_id", "object_id", "default_entity_id", "state_topic"] {
                #expect(other[key] as? String == config[key] as? String, "\(objectID).\(key)")
            }
        }
    }

    @Test func siteEntitiesAreNamedInTheLanguageAndRebuiltWhenItChanges() throws {
        let site = SiteSensor(slug: "cabin", name: "Cabin", state: "online", connected: true, attributes: .object([]))
        func name(_ wording: Wording) throws -> String? {
            let discovery = HomeAssistantDiscovery(settings: MQTTSettings(host: "127.0.0.1", nodeID: "wall"), wording: wording)
            let message = try #require(discovery.siteMessages([site]).first { $0.topic.hasSuffix("/site_cabin_state/config") })
            return (try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])?["name"] as? String
        }
        #expect(try name(.posix) == "Site Cabin state")
        // The kept configs are for one language: the German wall does not get the English names.
        #expect(try name(Self.german) == (try ShippedTranslation.text(HomeAssistantPhrase.siteState, in: "de", ["name": "Cabin"])))
    }

    @Test func aFlappingSummaryIsWordedInTheLanguage() throws {
        var notify = NotifySettings()
        notify.sinks = [NotifySettings.Sink(kind: .ntfy, url: URL(string: "http://127.0.0.1:9/alerts")!)]
        let start = PushFixtures.snapshotTime
        func event(_ kind: NetworkEvent.Kind, _ seconds: Double) -> NetworkEvent {
            NetworkEvent(
                kind: kind, occurredAt: start.addingTimeInterval(seconds), subjectKey: "gateway",
                wording: .init(title: kind == .latencyHigh ? "hoch" : "normal", text: "", data: [:]))
        }
        func summary(_ wording: Wording) -> PushNotification? {
            var router = NotificationRouter(settings: notify, wording: wording)
            for (index, kind) in [NetworkEvent.Kind.latencyHigh, .latencyNormal, .latencyHigh].enumerated() {
                _ = router.route([event(kind, Double(index) * 30)], at: start.addingTimeInterval(Double(index) * 30))
            }
            return router.flush(at: start.addingTimeInterval(300)).first?.notification
        }
        let english = try #require(summary(.posix))
        #expect(english.title == "Gateway is flapping" && english.message == "3 changes in 5 min; now: hoch.")
        let german = try #require(summary(Self.german))
        let gateway = try ShippedTranslation.text(EventPhrase.subjectGateway, in: "de")
        #expect(german.title == (try ShippedTranslation.text(EventPhrase.flapping, in: "de", ["name": gateway])))
        let changes = try ShippedTranslation.forms(
            EventCountPhrase.flappingChanges, in: "de", ["count": "3", "minutes": "5", "title": "hoch"])
        #expect(german.message == changes[1])
        #expect(german.kind == english.kind && german.tags == english.tags && german.priority == english.priority)
    }
}
