import Foundation
import NetsnapModel
import NetsnapPush
import Testing

@testable import NetsnapConfiguration

@Suite struct PushConfigurationTests {
    @Test func readsTheMQTTSection() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: """
                mqtt:
                  host: 192.168.1.5
                  username: netsnap
                  password: "pa:ss"
                  topicPrefix: home/netsnap
                  discoveryPrefix: ha
                  nodeId: hallway
                  deviceName: Home network
                """, file: "n.yml")
        let mqtt = try #require(configuration.mqtt)
        #expect(mqtt.host == "192.168.1.5")
        #expect(mqtt.effectivePort == 1883)
        #expect(mqtt.username == "netsnap")
        #expect(mqtt.password == "pa:ss")
        #expect(mqtt.topicPrefix == "home/netsnap")
        #expect(mqtt.discoveryPrefix == "ha")
        #expect(mqtt.discovery)
        #expect(mqtt.nodeID == "hallway")
        #expect(mqtt.deviceName == "Home network")
        #expect(!mqtt.publishSnapshot && mqtt.redactSnapshot)
    }

    @Test func readsTheSnapshotKeys() throws {
        let yaml = "mqtt:\n  host: b\n  publishSnapshot: true\n  redactSnapshot: false"
        let mqtt = try #require(try ConfigurationLoader.parse(yaml: yaml, file: "n.yml").mqtt)
        #expect(mqtt.publishSnapshot && !mqtt.redactSnapshot)
    }

    @Test func defaultsAndTLSPort() throws {
        let ca = FileManager.default.temporaryDirectory.appendingPathComponent("netsnap-test-ca-\(UUID().uuidString).pem").path
        try "not checked here".write(toFile: ca, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: ca) }
        let mqtt = try #require(
            try ConfigurationLoader.parse(yaml: "mqtt:\n  host: broker.lan\n  tls: { ca: \(ca) }\n  discovery: false", file: "n.yml").mqtt)
        #expect(mqtt.effectivePort == 8883)
        #expect(mqtt.tlsCAFile == ca)
        #expect(!mqtt.discovery)
        #expect(mqtt.topicPrefix == "netsnap")
        #expect(mqtt.discoveryPrefix == "homeassistant")
        #expect(!mqtt.nodeID.isEmpty)
    }

    @Test func readsTheNotifySection() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: """
                notify:
                  ntfy:
                    - url: https://ntfy.sh/my-topic
                      token: tk_abc
                  webhooks:
                    - url: https://example.org/hook
                      secret: "s3cret"
                      kinds: [targetDown, targetRecovered]
                  cooldownSeconds: 120
                  quietHours: { from: "22:30", to: "07:00", timeZone: Europe/Zurich }
                  outboxLimit: 50
                """, file: "n.yml")
        let notify = try #require(configuration.notify)
        #expect(notify.sinks.count == 2)
        #expect(notify.sinks[0].kind == .ntfy)
        #expect(notify.sinks[0].url.absoluteString == "https://ntfy.sh/my-topic")
        #expect(notify.sinks[0].token == "tk_abc")
        #expect(notify.sinks[0].kinds == nil)
        #expect(notify.sinks[1].kind == .webhook)
        #expect(notify.sinks[1].secret == "s3cret")
        #expect(notify.sinks[1].kinds == [.targetDown, .targetRecovered])
        #expect(notify.cooldownSeconds == 120)
        #expect(notify.quietHours == .init(startMinute: 22 * 60 + 30, endMinute: 7 * 60, timeZone: TimeZone(identifier: "Europe/Zurich")!))
        #expect(notify.outboxLimit == 50)
    }

    @Test(arguments: [
        ("mqtt:\n  port: 1883", "mqtt.host", 2),
        ("mqtt:\n  host: b\n  prot: 1883", "mqtt.prot", 3),
        ("mqtt:\n  host: b\n  port: 70000", "mqtt.port", 3),
        ("mqtt:\n  host: b\n  password: x", "mqtt.password", 3),
        ("mqtt:\n  host: b\n  topicPrefix: a/+/b", "mqtt.topicPrefix", 3),
        ("mqtt:\n  host: b\n  nodeId: a b", "mqtt.nodeId", 3),
        ("mqtt:\n  host: b\n  publishSnapshot: yes please", "mqtt.publishSnapshot", 3),
        ("mqtt:\n  host: b\n  tls: { ca: /nonexistent/ca.pem }", "mqtt.tls.ca", 3),
        ("notify:\n  ntfy:\n    - url: ftp://x/y", "notify.ntfy[0].url", 3),
        ("notify:\n  ntfy:\n    - url: https://ntfy.sh/", "notify.ntfy[0].url", 3),
        ("notify:\n  webhooks:\n    - url: https://x/hook\n      kinds: [targetDwn]", "notify.webhooks[0].kinds", 4),
        ("notify:\n  webhooks:\n    - url: https://x/hook\n      secert: x", "notify.webhooks[0].secert", 4),
        ("notify:\n  quietHours: { from: \"25:00\", to: \"07:00\" }", "notify.quietHours.from", 2),
        ("notify:\n  cooldownSeconds: -1", "notify.cooldownSeconds", 2),
    ])
    func badPushKeysAreErrorsNamingKeyAndLine(_ yaml: String, _ key: String, _ line: Int) {
        do {
            _ = try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")
            Issue.record("expected an error for \(yaml)")
        } catch {
            #expect(error.key == key, "\(error)")
            #expect(error.description.contains("n.yml: line \(line):"), "\(error)")
        }
    }
}
