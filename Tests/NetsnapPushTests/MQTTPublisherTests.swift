import Foundation
import Logging
import NetsnapModel
import Testing

@testable import NetsnapPush

/// Against a real Mosquitto broker on a free loopback port.
@Suite(.serialized) struct MQTTPublisherTests {
    func publisher(port: Int, monitor: PushMonitor = PushMonitor()) throws -> MQTTPublisher {
        var settings = MQTTSettings(host: "127.0.0.1", nodeID: "test-node")
        settings.port = port
        settings.keepAliveSeconds = 5
        return try MQTTPublisher(settings: settings, softwareVersion: "test", logger: Logger(label: "test.mqtt"), monitor: monitor)
    }

    func expected(_ publisher: MQTTPublisher, _ frame: PushFrame) -> [String: String] {
        var messages = [
            "netsnap/test-node/availability": "online", "netsnap/test-node/owner": String(decoding: publisher.owner.payload, as: UTF8.self),
        ]
        for message in publisher.discovery.messages(for: frame) {
            messages[message.topic] = String(decoding: message.payload, as: UTF8.self)
        }
        return messages
    }

    @Test func publishesDiscoveryAvailabilityAndStatesRetained() async throws {
        let broker = try await MosquittoBroker()
        let monitor = PushMonitor()
        let publisher = try publisher(port: broker.port, monitor: monitor)
        try publisher.start()
        defer { publisher.stop() }
        let frame = PushFixtures.frame()
        publisher.update(frame)
        let want = expected(publisher, frame)
        let retained = try await broker.waitForRetained { $0 == want }
        #expect(retained == want)
        #expect(monitor.reading.mqttConnected)
        #expect(monitor.reading.mqttConnects == 1)

        // The same frame again publishes nothing; a changed value publishes only itself.
        let sent = monitor.reading.mqttMessages
        publisher.update(frame)
        #expect(monitor.reading.mqttMessages == sent)
        var later = frame
        later.now = frame.now.addingTimeInterval(5)
        publisher.update(later)
        #expect(monitor.reading.mqttMessages == sent + 1)
        #expect(try await broker.waitForRetained { $0["netsnap/test-node/data_age"] == "15" }["netsnap/test-node/data_age"] == "15")
    }

    @Test func aTargetThatDisappearsHasItsDiscoveryConfigCleared() async throws {
        let broker = try await MosquittoBroker()
        let publisher = try publisher(port: broker.port)
        try publisher.start()
        defer { publisher.stop() }
        publisher.update(PushFixtures.frame())
        let goneID = PushFixtures.homeAssistantID.uuidString.lowercased()
        let goneTopics = [
            "homeassistant/binary_sensor/test-node/target_\(goneID)/config",
            "homeassistant/sensor/test-node/target_\(goneID)_latency/config",
            "netsnap/test-node/target/home-assistant/connectivity", "netsnap/test-node/target/home-assistant/latency",
        ]
        _ = try await broker.waitForRetained { retained in goneTopics.allSatisfy { retained[$0] != nil } }
        let fewer = PushFixtures.frame(
            PushFixtures.snapshot(targets: [PushFixtures.target(PushFixtures.nasID, "NAS", online: true, latency: 2)]))
        publisher.update(fewer)
        let want = expected(publisher, fewer)
        let retained = try await broker.waitForRetained { $0 == want }
        #expect(retained == want)
        for topic in goneTopics { #expect(retained[topic] == nil, "\(topic)") }
    }

    @Test func aBrokerRestartedWithoutPersistenceEndsUpComplete() async throws {
        let broker = try await MosquittoBroker()
        let monitor = PushMonitor()
        let publisher = try publisher(port: broker.port, monitor: monitor)
        try publisher.start()
        defer { publisher.stop() }
        let frame = PushFixtures.frame()
        publisher.update(frame)
        let want = expected(publisher, frame)
        #expect(try await broker.waitForRetained { $0 == want } == want)
        broker.stop()
        // While the broker is down, updates are kept for the next connection.
        var later = frame
        later.now = frame.now.addingTimeInterval(20)
        publisher.update(later)
        try await broker.start()
        let wantLater = expected(publisher, later)
        let retained = try await broker.waitForRetained(timeout: 30) { $0 == wantLater }
        #expect(retained == wantLater)
        #expect(monitor.reading.mqttConnects >= 2)
    }

    @Test func aBrokerThatStartsLaterGetsEverything() async throws {
        let port = try MosquittoBroker.freePort()
        let publisher = try publisher(port: port)
        try publisher.start()
        defer { publisher.stop() }
        let frame = PushFixtures.frame()
        publisher.update(frame)
        try await Task.sleep(for: .seconds(1.5))
        let broker = try await MosquittoBroker(port: port)
        let want = expected(publisher, frame)
        #expect(try await broker.waitForRetained(timeout: 30) { $0 == want } == want)
    }

    @Test func stoppingSaysOffline() async throws {
        let broker = try await MosquittoBroker()
        let publisher = try publisher(port: broker.port)
        try publisher.start()
        publisher.update(PushFixtures.frame())
        _ = try await broker.waitForRetained { $0["netsnap/test-node/availability"] == "online" }
        publisher.stop()
        let retained = try await broker.waitForRetained { $0["netsnap/test-node/availability"] == "offline" }
        #expect(retained["netsnap/test-node/availability"] == "offline")
    }
}
