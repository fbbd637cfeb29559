import CMosquitto
import Foundation
import LazyLibrary

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
        /// A message on a subscribed topic; `retained` when the broker kept it from before the
        /// subscription rather than passing it on as it was published.
        case message(topic: String, payload: [UInt8], retained: Bool)
        /// The broker acknowledged a QoS 1 message.
        case published
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
        /// The last will: published by the broker, retained, when the connection dies without a
        /// DISCONNECT; none without a topic.
        var willTopic: String?
        var willPayload: String = ""
        var reconnectDelaySeconds: UInt32 = 1
        var reconnectDelayMaximumSeconds: UInt32 = 60
        /// A message's payload is handed on cut to this many bytes (see `maximumMessageBytes`).
        var maximumPayloadBytes: Int = MosquittoClient.maximumMessageBytes
    }

    /// Why the client could not be set up or started.
    struct Failure: Error, CustomStringConvertible {
        let operation: String
        let reason: String

        init(operation: String, reason: String) {
            self.operation = operation
            self.reason = reason
        }

        /// libmosquitto's words for `code`.
        init(operation: String, code: Int32, in mosquitto: netsnap_mosquitto) {
            self.init(operation: operation, reason: mosquitto.strerror(code).map { String(cString: $0) } ?? "error \(code)")
        }

        var description: String { "\(operation): \(reason)" }
    }

    /// Holds the event handler for the C callbacks; retained from `start` until `close`.
    private final class CallbackBox: Sendable {
        let mosquitto: netsnap_mosquitto
        let onEvent: @Sendable (Event) -> Void
        let maximumPayloadBytes: Int
        init(mosquitto: netsnap_mosquitto, maximumPayloadBytes: Int, onEvent: @escaping @Sendable (Event) -> Void) {
            self.mosquitto = mosquitto
            self.maximumPayloadBytes = maximumPayloadBytes
            self.onEvent = onEvent
        }
    }

    /// What Debian's libmosquitto1 installs.
    static let soname = "libmosquitto.so.1"

    /// libmosquitto, opened and initialised the first time a client is made (see the shim for
    /// why it is not linked), once per process.
    private static let library = Result { () throws(Failure) in
        let mosquitto: netsnap_mosquitto
        do throws(LazyLibraryError) {
            mosquitto = try LazyLibrary.open(soname, with: netsnap_mosquitto_open)
        } catch {
            throw Failure(operation: "loading \(soname)", reason: "\(error.reason) (install libmosquitto1)")
        }
        let ready = mosquitto.lib_init()
        guard ready == MOSQ_ERR_SUCCESS.rawValue else { throw Failure(operation: "mosquitto_lib_init", code: ready, in: mosquitto) }
        return mosquitto
    }

    private let mosquitto: netsnap_mosquitto
    private let handle: OpaquePointer
    private let options: Options
    /// Set by `start`, released by `close`; both are called once, from one task.
    private var box: Unmanaged<CallbackBox>?

    /// A configured client; nothing is sent before `start`.
    init(options: Options) throws(Failure) {
        let mosquitto = try Self.library.get()
        // A clean session: netsnap subscribes again after every connection, so there is no
        // session state worth keeping.
        guard let handle = mosquitto.new(options.clientID, true, nil) else {
            throw Failure(operation: "mosquitto_new", code: MOSQ_ERR_NOMEM.rawValue, in: mosquitto)
        }
        self.mosquitto = mosquitto
        self.handle = handle
        self.options = options
        do {
            try configure()
        } catch {
            mosquitto.destroy(handle)
            throw error
        }
    }

    /// By default a message's payload is handed on cut to this many bytes: nothing netsnap reads
    /// from a broker is longer, except site snapshots (`SiteFeed` sets its own limit), and
    /// whatever a broker hands over is hostile. Its topic still counts (`MQTTForget` clears a
    /// retained snapshot of any size).
    static let maximumMessageBytes = 64 * 1024

    private func configure() throws(Failure) {
        try check("mosquitto_int_option(protocol)", mosquitto.int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311))
        if let username = options.username {
            try check("mosquitto_username_pw_set", mosquitto.username_pw_set(handle, username, options.password))
        }
        if let caFile = options.caFile {
            try check("tlsCAFile \(caFile)", mosquitto.tls_set(handle, caFile, nil, nil, nil, nil))
        }
        if let willTopic = options.willTopic {
            let will = Array(options.willPayload.utf8)
            try check("mosquitto_will_set", mosquitto.will_set(handle, willTopic, Int32(will.count), will, 1, true))
        }
        try check(
            "mosquitto_reconnect_delay_set",
            mosquitto.reconnect_delay_set(handle, options.reconnectDelaySeconds, options.reconnectDelayMaximumSeconds, true))
        mosquitto.connect_callback_set(handle) { _, context, code in
            guard let context else { return }
            let box = Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue()
            if code == 0 {
                box.onEvent(.connected)
            } else {
                box.onEvent(.refused(code: code, reason: box.mosquitto.connack_string(code).map { String(cString: $0) } ?? "code \(code)"))
            }
        }
        mosquitto.disconnect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue().onEvent(.disconnected(expected: code == 0))
        }
        mosquitto.publish_callback_set(handle) { _, context, _ in
            guard let context else { return }
            Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue().onEvent(.published)
        }
        mosquitto.message_callback_set(handle) { _, context, message in
            guard let context, let message, let topic = message.pointee.topic else { return }
            let box = Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue()
            let length = min(Int(max(0, message.pointee.payloadlen)), box.maximumPayloadBytes)
            let payload = message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
            box.onEvent(Event.message(topic: String(cString: topic), payload: payload, retained: message.pointee.retain))
        }
    }

    /// Starts the network thread and the first connection attempt. A broker that is down is
    /// not an error: the thread keeps retrying with back-off.
    func start(onEvent: @escaping @Sendable (Event) -> Void) throws(Failure) {
        let box = Unmanaged.passRetained(
            CallbackBox(mosquitto: mosquitto, maximumPayloadBytes: options.maximumPayloadBytes, onEvent: onEvent))
        self.box = box
        mosquitto.user_data_set(handle, box.toOpaque())
        // The thread first: connecting from a running thread is non-blocking and a refusal is
        // retried; a refused connect before it leaves the thread with nothing to retry
        // (seen with libmosquitto 2.0.11).
        try check("mosquitto_loop_start", mosquitto.loop_start(handle))
        let code = mosquitto.connect_async(handle, options.host, Int32(options.port), Int32(options.keepAliveSeconds))
        if code != MOSQ_ERR_SUCCESS.rawValue && code != MOSQ_ERR_ERRNO.rawValue {
            _ = mosquitto.loop_stop(handle, true)
            throw Failure(operation: "mosquitto_connect_async", code: code, in: mosquitto)
        }
    }

    /// Queues a message (QoS 1). An empty retained payload clears the topic's retained message.
    /// Returns false when libmosquitto refused it (not connected, say); nothing waits on the broker.
    @discardableResult
    func publish(topic: String, payload: [UInt8], retain: Bool) -> Bool {
        let code = payload.withUnsafeBytes { bytes in
            mosquitto.publish(handle, nil, topic, Int32(bytes.count), bytes.count == 0 ? nil : bytes.baseAddress, 1, retain)
        }
        return code == MOSQ_ERR_SUCCESS.rawValue
    }

    /// Subscribes to `topic` (QoS 1); call after each connection, the session being clean.
    @discardableResult
    func subscribe(topic: String) -> Bool {
        mosquitto.subscribe(handle, nil, topic, 1) == MOSQ_ERR_SUCCESS.rawValue
    }

    /// Disconnects cleanly (the broker then does not publish the will), stops the thread and
    /// frees the client. Call once; the client is unusable afterwards.
    func close() {
        _ = mosquitto.disconnect(handle)
        _ = mosquitto.loop_stop(handle, false)
        mosquitto.destroy(handle)
        box?.release()
        box = nil
    }

    private func check(_ operation: String, _ code: Int32) throws(Failure) {
        if code != MOSQ_ERR_SUCCESS.rawValue { throw Failure(operation: operation, code: code, in: mosquitto) }
    }
}
