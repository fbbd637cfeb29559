import AsyncHTTPClient
import NIOCore
import NetsnapConfiguration
import NetsnapJSON
import NetsnapSettings

/// The broker Home Assistant's Supervisor offers apps that declare `services: [mqtt:want]`:
/// `GET <api>/services/mqtt` with the app's `SUPERVISOR_TOKEN`, answered (supervisor/api/
/// services.py) `{"result": "ok", "data": {"host", "port", "ssl", "protocol", "username",
/// "password", "addon"}}`; 400 when no app provides the service ("Service not enabled"), 404
/// for an unknown service, 403 when the app did not declare it.
struct SupervisorMQTTService: Sendable {
    /// What the service names, as the `mqtt.*` keys take it.
    struct Broker: Sendable, Equatable {
        var host: String
        var port: Int
        var username: String?
        var password: String?
        /// The broker speaks TLS; its certificate is checked against the system's CAs.
        var ssl: Bool
    }

    /// The answer: a broker, or why there is none.
    enum Answer: Sendable, Equatable {
        case broker(Broker)
        case none(String)
    }

    /// The Supervisor's API, `http://supervisor` in an app (bashio's default, and its
    /// `SUPERVISOR_API` variable).
    let api: String
    let token: String

    /// Asks once; every failure is an answer saying why (the app then runs without MQTT).
    func lookUp(timeout: TimeAmount = .seconds(10)) async -> Answer {
        var request = HTTPClientRequest(url: api + "/services/mqtt")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let status: Int
        let body: ByteBuffer
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: timeout)
            status = Int(response.status.code)
            body = try await response.body.collect(upTo: 1 << 20)
        } catch {
            return .none("the Supervisor's API at \(api) did not answer (\(error))")
        }
        let bytes = Array(body.readableBytesView)
        switch status {
        case 200:
            do {
                return .broker(try Self.broker(in: bytes))
            } catch {
                return .none("GET \(api)/services/mqtt: \(error.message)")
            }
        case 400, 404:
            return .none(
                "the Supervisor has no mqtt service (\(Self.message(in: bytes) ?? "status \(status)")): install a broker app such as Mosquitto, or set mqtt_host"
            )
        default:
            return .none("GET \(api)/services/mqtt answered \(status) (\(Self.message(in: bytes) ?? "no message"))")
        }
    }

    /// A reason the answer could not be read: what was expected, what was found.
    struct AnswerError: Error, Equatable {
        let message: String
    }

    /// The broker in a 200 answer's JSON.
    static func broker(in bytes: [UInt8]) throws(AnswerError) -> Broker {
        guard let document = try? JSONParser.parse(bytes) else {
            throw AnswerError(message: "expected JSON, found \(bytes.count) bytes that are not")
        }
        guard case .object = document, let data = document["data"], case .object = data else {
            throw AnswerError(message: "expected an object with a \"data\" object")
        }
        guard case .string(let host)? = data["host"], !host.isEmpty else { throw AnswerError(message: "expected data.host, a host name") }
        guard case .number(let number)? = data["port"], let port = Int(exactly: number), (1...65_535).contains(port) else {
            throw AnswerError(message: "expected data.port, a port from 1 to 65535, found \(data["port"].map(describe) ?? "none")")
        }
        var broker = Broker(host: host, port: port, ssl: false)
        if case .string(let username)? = data["username"], !username.isEmpty { broker.username = username }
        if case .string(let password)? = data["password"], !password.isEmpty { broker.password = password }
        if case .bool(let ssl)? = data["ssl"] { broker.ssl = ssl }
        return broker
    }

    /// The `message` of an error answer, if it has one.
    static func message(in bytes: [UInt8]) -> String? {
        guard let document = try? JSONParser.parse(bytes), case .string(let message)? = document["message"] else { return nil }
        return message
    }

    private static func describe(_ value: JSONValue) -> String {
        String(decoding: JSONWriter.bytes(value, pretty: false), as: UTF8.self)
    }
}

extension SupervisorMQTTService.Broker {
    /// The broker as configuration keys, labelled as coming from the Supervisor; with TLS, the
    /// system's CA bundle (which the image carries) checks the broker's certificate.
    func overrides(caBundle: String) -> [ConfigurationOverride] {
        let label = "the Supervisor's mqtt service"
        var overrides = [ConfigurationOverride(.mqttHost, host, flag: label), ConfigurationOverride(.mqttPort, "\(port)", flag: label)]
        if let username { overrides.append(ConfigurationOverride(.mqttUsername, username, flag: label)) }
        if let password, username != nil { overrides.append(ConfigurationOverride(.mqttPassword, password, flag: label)) }
        if ssl { overrides.append(ConfigurationOverride(.mqttTLSCA, caBundle, flag: label)) }
        return overrides
    }
}
