import NetsnapConfiguration
import NetsnapSettings
import Testing

@testable import NetsnapApp

/// The Supervisor's answer to GET /services/mqtt (supervisor/api/services.py's `api_process`
/// wraps the service's data as {"result": "ok", "data": …}).
@Suite struct SupervisorMQTTServiceTests {
    @Test func readsTheBrokerOfAnOkAnswer() throws {
        let answer = #"""
            {"result": "ok", "data": {"host": "core-mosquitto", "port": 1883, "ssl": false, "protocol": "3.1.1",
             "username": "addons", "password": "Eeph1eiv", "addon": "core_mosquitto"}}
            """#
        let broker = try SupervisorMQTTService.broker(in: Array(answer.utf8))
        #expect(broker == .init(host: "core-mosquitto", port: 1883, username: "addons", password: "Eeph1eiv", ssl: false))
        #expect(
            broker.overrides(caBundle: "/ca.crt").map(\.key) == ["mqtt.host", "mqtt.port", "mqtt.username", "mqtt.password"])
        var tls = broker
        tls.ssl = true
        #expect(
            tls.overrides(caBundle: "/ca.crt").last
                == ConfigurationOverride("mqtt.tls.ca", "/ca.crt", flag: "the Supervisor's mqtt service"))
    }

    @Test func anAnswerWithoutABrokerSaysWhatIsMissing() {
        let cases = [
            ("<html>", "expected JSON"),
            (#"{"result": "ok"}"#, #"expected an object with a "data" object"#),
            (#"{"result": "ok", "data": {"port": 1883}}"#, "expected data.host, a host name"),
            (#"{"result": "ok", "data": {"host": "mq", "port": "1883"}}"#, #"expected data.port, a port from 1 to 65535, found "1883""#),
        ]
        for (json, message) in cases {
            #expect(throws: SupervisorMQTTService.AnswerError.self) { try SupervisorMQTTService.broker(in: Array(json.utf8)) }
            do {
                _ = try SupervisorMQTTService.broker(in: Array(json.utf8))
            } catch {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
        #expect(
            SupervisorMQTTService.message(in: Array(#"{"result": "error", "message": "Service not enabled"}"#.utf8))
                == "Service not enabled")
    }
}
