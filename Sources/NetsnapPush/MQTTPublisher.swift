import Foundation
import Logging
import NetsnapLanguage
import Synchronization

/// Keeps the broker's retained messages equal to the latest frame's: publishes only what
/// changed, clears topics that are gone (a removed target's discovery config and states), and
/// after every (re)connection publishes `online` and everything again, so a broker restarted
/// without persistence ends up complete. Nothing here waits on the broker.
///
/// It also announces itself on the node's owner topic and listens there: another netsnap's
/// announcement means two netsnaps share this node id, and is logged as an error naming the
/// other host each time it comes (the clash itself makes both announce again every cycle).
public final class MQTTPublisher: Sendable {
    public let discovery: HomeAssistantDiscovery
    let client: MosquittoClient
    let logger: Logger
    let monitor: PushMonitor
    /// This process, as announced on the owner topic.
    public let owner: NodeOwner

    struct State {
        var connected = false
        /// The latest frame's messages, and the wall's sites' (`updateSites`).
        var frameMessages: [RetainedMessage] = []
        var siteMessages: [RetainedMessage] = []
        /// The sites `siteMessages` were built from.
        var sites: [SiteSensor]?
        /// The messages the broker should hold, in publishing order.
        var current: [RetainedMessage] { frameMessages + siteMessages }
        /// What the broker holds from this connection, by topic.
        var published: [String: [UInt8]] = [:]
        /// Topics published in an earlier connection and gone since: cleared on the next.
        var pendingClears: Set<String> = []
        /// Every topic published in any connection, so a gone one is known to need clearing.
        var everPublished: Set<String> = []
        /// Another netsnap announced this node id since this one last did: announce again.
        var clashSeen = false
        /// When a presence question (`MQTTForget`'s ping) was last answered: one answer a second at most.
        var lastPingAnswer = Date.distantPast
        /// Counts the connections, so a reply planned in one is not sent in the next.
        var connection = 0
    }

    let state = Mutex(State())

    /// A publisher for `settings`, naming Home Assistant's entities in `wording`'s language;
    /// connects when started.
    public init(
        settings: MQTTSettings, softwareVersion: String?, wording: Wording = .posix, logger: Logger, monitor: PushMonitor
    ) throws(MQTTSetupError) {
        discovery = HomeAssistantDiscovery(settings: settings, softwareVersion: softwareVersion, wording: wording)
        self.logger = logger
        self.monitor = monitor
        owner = NodeOwner.current(installationID: settings.installationID)
        let options = MosquittoClient.Options(
            host: settings.host, port: settings.effectivePort, clientID: settings.clientID,
            username: settings.username, password: settings.password, caFile: settings.tlsCAFile,
            keepAliveSeconds: settings.keepAliveSeconds, willTopic: discovery.availabilityTopic, willPayload: "offline")
        do {
            client = try MosquittoClient(options: options)
        } catch {
            throw MQTTSetupError(message: error.description)
        }
    }

    /// Starts libmosquitto's thread; the first connection follows in the background.
    public func start() throws(MQTTSetupError) {
        do {
            try client.start { [self] event in handle(event) }
        } catch {
            throw MQTTSetupError(message: error.description)
        }
        logger.info("mqtt connecting", metadata: ["broker": "\(discovery.settings.host):\(discovery.settings.effectivePort)"])
    }

    /// Makes `frame`'s messages the current ones; publishes what changed when connected.
    public func update(_ frame: PushFrame) {
        let messages = discovery.messages(for: frame)
        replace { $0.frameMessages = messages }
    }

    /// Makes the wall's sites' entities the current ones: a site that left has its entity
    /// cleared, like a removed target's.
    public func updateSites(_ sites: [SiteSensor]) {
        // A busy wall hands the same sites over up to once a second: five messages a site,
        // built and compared, cost a thousand-site wall a third of its time.
        guard state.withLock({ $0.sites != sites }) else { return }
        let messages = discovery.siteMessages(sites)
        replace {
            $0.siteMessages = messages
            $0.sites = sites
        }
    }

    /// Applies `change` to the messages the broker should hold; publishes what changed and
    /// clears what went when connected.
    private func replace(_ change: (inout State) -> Void) {
        state.withLock { state in
            let before = state.current.map(\.topic)
            change(&state)
            let messages = state.current
            let topics = Set(messages.map(\.topic))
            let gone = before.filter { !topics.contains($0) }
            guard state.connected else {
                state.pendingClears.formUnion(gone.filter { state.everPublished.contains($0) })
                state.pendingClears.subtract(topics)
                return
            }
            for topic in gone where state.everPublished.contains(topic) { send(RetainedMessage(topic: topic, payload: []), in: &state) }
            for message in messages where state.published[message.topic] != message.payload { send(message, in: &state) }
            if state.clashSeen {
                state.clashSeen = false
                announce()
            }
        }
    }

    /// Says `offline` (the will is only for deaths), disconnects and stops the thread.
    public func stop() {
        state.withLock { state in
            if state.connected { send(RetainedMessage(topic: discovery.availabilityTopic, text: "offline"), in: &state) }
            state.connected = false
        }
        client.close()
        monitor.update { $0.mqttConnected = false }
        logger.info("mqtt disconnected")
    }

    /// Called on libmosquitto's thread.
    private func handle(_ event: MosquittoClient.Event) {
        switch event {
        case .connected:
            state.withLock { state in
                state.connected = true
                state.connection += 1
                state.published = [:]
                // Subscribed before announcing: the broker first hands over what it kept.
                client.subscribe(topic: discovery.ownerTopic)
                client.subscribe(topic: discovery.availabilityTopic)
                client.subscribe(topic: discovery.pingTopic)
                announce()
                send(RetainedMessage(topic: discovery.availabilityTopic, text: "online"), in: &state)
                for topic in state.pendingClears.sorted() { send(RetainedMessage(topic: topic, payload: []), in: &state) }
                state.pendingClears = []
                for message in state.current { send(message, in: &state) }
            }
            monitor.update {
                $0.mqttConnected = true
                $0.mqttConnects += 1
            }
            logger.info("mqtt connected", metadata: ["broker": "\(discovery.settings.host):\(discovery.settings.effectivePort)"])
        case .refused(let code, let reason):
            logger.error("mqtt broker refused the connection; retrying", metadata: ["code": "\(code)", "reason": "\(reason)"])
        case .disconnected(let expected):
            state.withLock { state in
                state.connected = false
                state.published = [:]
            }
            monitor.update { $0.mqttConnected = false }
            if !expected { logger.warning("mqtt connection lost; reconnecting with back-off") }
        case .message(let topic, let payload, let retained):
            if topic == discovery.ownerTopic { heard(payload, retained: retained) }
            if topic == discovery.availabilityTopic { heardAvailability(payload, retained: retained) }
            if topic == discovery.pingTopic { answerPing() }
        case .published:
            break
        }
    }

    /// Says, retained, that this process publishes for the node id.
    func announce() {
        if client.publish(topic: discovery.ownerTopic, payload: owner.payload, retain: true) { monitor.update { $0.mqttMessages += 1 } }
    }

    /// An announcement on the owner topic: this netsnap's own, one kept from before (a
    /// netsnap that may have stopped since), or a clash.
    private func heard(_ payload: [UInt8], retained: Bool) {
        guard !payload.isEmpty else { return }
        guard let other = NodeOwner(payload: payload) else {
            logger.warning("mqtt: an unreadable message on the owner topic; ignored", metadata: ["topic": "\(discovery.ownerTopic)"])
            return
        }
        guard other.instance != owner.instance else { return }
        // This installation's own earlier run, kept by the broker since: nothing to say.
        if retained && other.installationID == owner.installationID && other.host == owner.host { return }
        var metadata = owner.clashMetadata(with: other)
        metadata["nodeId"] = discovery.settings.nodeID
        if retained {
            logger.notice(
                "mqtt: this node id was last announced by another netsnap; if it still runs, a clash error follows",
                metadata: metadata.mapValues { .string($0) })
            return
        }
        state.withLock { $0.clashSeen = true }
        monitor.update { $0.mqttNodeClashes += 1 }
        logger.error(
            "mqtt: another netsnap publishes with the same node id; both overwrite each other's topics",
            metadata: metadata.mapValues { .string($0) })
    }

    func send(_ message: RetainedMessage, in state: inout State) {
        if client.publish(topic: message.topic, payload: message.payload, retain: true) {
            if message.payload.isEmpty {
                state.published[message.topic] = nil
                state.everPublished.remove(message.topic)
            } else {
                state.published[message.topic] = message.payload
                state.everPublished.insert(message.topic)
            }
            monitor.update { $0.mqttMessages += 1 }
        } else {
            // Left unpublished: the next update or connection sends it again.
            state.published[message.topic] = nil
            if message.payload.isEmpty { state.pendingClears.insert(message.topic) }
        }
    }
}

/// The MQTT client could not be set up (a bad CA file, say).
public struct MQTTSetupError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "mqtt: \(message)" }
}
