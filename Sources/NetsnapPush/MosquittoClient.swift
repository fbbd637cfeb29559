import CMosquitto
import Foundation

/// The one place that touches libmosquitto's C API. The library runs its own network thread
/// (`mosquitto_loop_start`), which connects, keeps the session alive and reconnects with
/// exponential back-off; `publish` only queues a message for that thread, so it never waits
/// on the broker. Connection changes arrive on that thread through the handler given to `start`.
final class MosquittoClient: @unchecked Sendable {
    // @unchecked: the handle is used only through libmosquitto calls that are documented as
    // thread-safe once the library's own loop thread runs (publish, disconnect, loop_stop).

    /// What the connection did, reported from libmosquitto's thread.
    enum Event: Sendable, Equatable {
        /// The broker accepted the connection.
        case connected
        /// The broker refused the connection (CONNACK code and libmosquitto's reason).
        case refused(code: Int32, reason: String)
        /// The connection ended; `expected` after our own `disconnect`.
        case disconnected(expected: Bool)
    }

    /// What to connect to and how.
    struct Options: Sendable {
        var host: String
        var port: Int
        var clientID: String
        var username: String?
        var password: String?
        /// A CA certificate file: when set, the connection uses TLS and checks the broker against it.
        var caFile: String?
        var keepAliveSeconds: Int = 30
        /// The last will: published by the broker, retained, when the connection dies without a DISCONNECT.
        var willTopic: String
        var willPayload: String
        var reconnectDelaySeconds: UInt32 = 1
        var reconnectDelayMaximumSeconds: UInt32 = 60
    }

    /// Why the client could not be set up or started.
    struct Failure: Error, CustomStringConvertible {
        let operation: String
        let code: Int32
        var description: String { "\(operation): \(String(cString: mosquitto_strerror(code)))" }
    }

    /// Holds the event handler for the C callbacks; retained from `start` until `close`.
    private final class CallbackBox: Sendable {
        let onEvent: @Sendable (Event) -> Void
        init(onEvent: @escaping @Sendable (Event) -> Void) { self.onEvent = onEvent }
    }

    private static let libraryReady: Int32 = mosquitto_lib_init()

    private let handle: OpaquePointer
    private let options: Options
    /// Set by `start`, released by `close`; both are called once, from one task.
    private var box: Unmanaged<CallbackBox>?

    /// A configured client; nothing is sent before `start`.
    init(options: Options) throws(Failure) {
        guard Self.libraryReady == MOSQ_ERR_SUCCESS.rawValue else { throw Failure(operation: "mosquitto_lib_init", code: Self.libraryReady) }
        // A clean session: netsnap subscribes to nothing, so there is no session state worth keeping.
        guard let handle = mosquitto_new(options.clientID, true, nil) else {
            throw Failure(operation: "mosquitto_new", code: MOSQ_ERR_NOMEM.rawValue)
        }
        self.handle = handle
        self.options = options
        do {
            try configure()
        } catch {
            mosquitto_destroy(handle)
            throw error
        }
    }

    private func configure() throws(Failure) {
        try check("mosquitto_int_option(protocol)", mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311))
        if let username = options.username {
            try check("mosquitto_username_pw_set", mosquitto_username_pw_set(handle, username, options.password))
        }
        if let caFile = options.caFile {
            try check("tlsCAFile \(caFile)", mosquitto_tls_set(handle, caFile, nil, nil, nil, nil))
        }
        let will = Array(options.willPayload.utf8)
        try check("mosquitto_will_set", mosquitto_will_set(handle, options.willTopic, Int32(will.count), will, 1, true))
        try check(
            "mosquitto_reconnect_delay_set",
            mosquitto_reconnect_delay_set(handle, options.reconnectDelaySeconds, options.reconnectDelayMaximumSeconds, true))
        mosquitto_connect_callback_set(handle) { _, context, code in
            guard let context else { return }
            let box = Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue()
            if code == 0 {
                box.onEvent(.connected)
            } else {
                box.onEvent(.refused(code: code, reason: String(cString: mosquitto_connack_string(code))))
            }
        }
        mosquitto_disconnect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue().onEvent(.disconnected(expected: code == 0))
        }
    }

    /// Starts the network thread and the first connection attempt. A broker that is down is
    /// not an error: the thread keeps retrying with back-off.
    func start(onEvent: @escaping @Sendable (Event) -> Void) throws(Failure) {
        let box = Unmanaged.passRetained(CallbackBox(onEvent: onEvent))
        self.box = box
        mosquitto_user_data_set(handle, box.toOpaque())
        // The thread first: connecting from a running thread is non-blocking and a refusal is
        // retried; a refused connect before it leaves the thread with nothing to retry
        // (seen with libmosquitto 2.0.11).
        try check("mosquitto_loop_start", mosquitto_loop_start(handle))
        let code = mosquitto_connect_async(handle, options.host, Int32(options.port), Int32(options.keepAliveSeconds))
        if code != MOSQ_ERR_SUCCESS.rawValue && code != MOSQ_ERR_ERRNO.rawValue {
            mosquitto_loop_stop(handle, true)
            throw Failure(operation: "mosquitto_connect_async", code: code)
        }
    }

    /// Queues a message (QoS 1). An empty retained payload clears the topic's retained message.
    /// Returns false when libmosquitto refused it (not connected, say); nothing waits on the broker.
    @discardableResult
    func publish(topic: String, payload: [UInt8], retain: Bool) -> Bool {
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, nil, topic, Int32(bytes.count), bytes.count == 0 ? nil : bytes.baseAddress, 1, retain)
        }
        return code == MOSQ_ERR_SUCCESS.rawValue
    }

    /// Disconnects cleanly (the broker then does not publish the will), stops the thread and
    /// frees the client. Call once; the client is unusable afterwards.
    func close() {
        mosquitto_disconnect(handle)
        mosquitto_loop_stop(handle, false)
        mosquitto_destroy(handle)
        box?.release()
        box = nil
    }

    private func check(_ operation: String, _ code: Int32) throws(Failure) {
        if code != MOSQ_ERR_SUCCESS.rawValue { throw Failure(operation: operation, code: code) }
    }
}
