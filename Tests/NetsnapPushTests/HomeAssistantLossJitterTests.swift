import Foundation
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapPush

/// A target checked with several echoes gets a packet-loss and a jitter sensor in Home
/// Assistant; one without the figures gets neither, so they are never stuck at unknown.
@Suite struct HomeAssistantLossJitterTests {
    private func messages(_ snapshot: Snapshot) -> [String: String] {
        let discovery = HomeAssistantDiscovery(settings: MQTTSettings(host: "127.0.0.1", nodeID: "hallway-pi"))
        var result: [String: String] = [:]
        for message in discovery.messages(for: PushFixtures.frame(snapshot)) {
            result[message.topic] = String(decoding: message.payload, as: UTF8.self)
        }
        return result
    }

    private func payload(_ messages: [String: String], _ topic: String) throws -> [String: Any] {
        let text = try #require(messages[topic], "no \(topic)")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private var nas: String { PushFixtures.nasID.uuidString.lowercased() }

    @Test func measuredTargetsHaveLossAndJitterSensors() throws {
        var snapshot = PushFixtures.snapshot()
        snapshot.targets[0].lossPercent = 6.667
        snapshot.targets[0].jitterMs = 4.25
        let messages = messages(snapshot)
        #expect(messages["netsnap/hallway-pi/target/nas/loss"] == "6.7")
        #expect(messages["netsnap/hallway-pi/target/nas/jitter"] == "4.3")
        let loss = try payload(messages, "homeassistant/sensor/hallway-pi/target_\(nas)_loss/config")
        #expect(loss["unit_of_measurement"] as? String == "%")
        #expect(loss["state_class"] as? String == "measurement")
        #expect(loss["state_topic"] as? String == "netsnap/hallway-pi/target/nas/loss")
        #expect(HomeAssistantSchema.violations(of: loss, component: "sensor") == [])
        let jitter = try payload(messages, "homeassistant/sensor/hallway-pi/target_\(nas)_jitter/config")
        #expect(jitter["device_class"] as? String == "duration")
        #expect(jitter["unit_of_measurement"] as? String == "ms")
        #expect(HomeAssistantSchema.violations(of: jitter, component: "sensor") == [])
        // A degraded target makes the network degraded, as on every other surface.
        snapshot.targets[1].isOnline = true
        #expect(self.messages(snapshot)["netsnap/hallway-pi/status"] == "degraded")
    }

    @Test func aLossWithoutJitterReadsJitterAsUnknown() {
        var snapshot = PushFixtures.snapshot()
        snapshot.targets[0].lossPercent = 100
        let messages = messages(snapshot)
        #expect(messages["netsnap/hallway-pi/target/nas/loss"] == "100")
        #expect(messages["netsnap/hallway-pi/target/nas/jitter"] == "None")
    }

    @Test func targetsWithoutFiguresHaveNoSuchSensors() {
        let topics = messages(PushFixtures.snapshot()).keys
        #expect(!topics.contains { $0.hasSuffix("/loss") || $0.hasSuffix("_loss/config") })
        #expect(!topics.contains { $0.hasSuffix("/jitter") || $0.hasSuffix("_jitter/config") })
    }
}
