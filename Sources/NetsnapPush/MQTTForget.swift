import Foundation
import Logging

/// `netsnap mqtt forget`: withdraws what a netsnap left retained on the broker — its Home
/// Assistant discovery configs and every state below its base topic — so a retired
/// installation's entities leave Home Assistant instead of staying unavailable for ever.
/// It clears what the broker holds, not what this version would publish, so entities of
/// removed targets and older versions go too.
public struct MQTTForget: Sendable {
    public let settings: MQTTSettings
    /// The filters whose retained messages are cleared.
    public let filters: [String]
    /// How long the broker may stay silent before every retained message counts as received.
    var quietSeconds: Double = 1
    /// The longest wait for the connection, the retained messages or the acknowledgements.
    var timeoutSeconds: Double = 15
    /// The longest wait for the broker to accept the connection: libmosquitto retries a
    /// refused one quietly, and a one-shot command should say at once that nobody listens.
    var connectTimeoutSeconds: Double = 5

    /// Forgets `settings.nodeID` on `settings`' broker: its discovery configs and every
    /// topic below its base topic.
    public init(settings: MQTTSettings) {
        self.init(
            settings: settings,
            filters: ["\(settings.topicPrefix)/\(settings.nodeID)/#", "\(settings.discoveryPrefix)/+/\(settings.nodeID)/+/config"])
    }

    /// Clears what the broker of `settings` holds under `filters` (a site's entity on the wall's node, say).
    public init(settings: MQTTSettings, filters: [String]) {
        self.settings = settings
        self.filters = filters
    }

    /// Why nothing was forgotten.
    public struct Failure: Error, CustomStringConvertible {
        /// Whether a netsnap of the node still runs (a refusal), or the broker failed the client.
        public enum Reason: Sendable { case nodeLive, broker }
        public let reason: Reason
        public let message: String
        init(_ reason: Reason = .broker, message: String) {
            self.reason = reason
            self.message = message
        }
        public var description: String { "mqtt forget: \(message)" }
    }

    /// Clears every retained topic under `filters` and returns them, sorted. Refuses while the
    /// node says it is online (its netsnap would publish it all again) unless `force`.
    public func run(force: Bool) async throws(Failure) -> [String] {
        let inbox = MQTTInbox()
        let client: MosquittoClient
        do {
            client = try MosquittoClient(
                options: .init(
                    host: settings.host, port: settings.effectivePort,
                    clientID: "netsnap-forget-\(UUID().uuidString.lowercased().prefix(8))", username: settings.username,
                    password: settings.password, caFile: settings.tlsCAFile, keepAliveSeconds: settings.keepAliveSeconds,
                    willTopic: nil, reconnectDelayMaximumSeconds: 2))
            try client.start { inbox.record($0) }
        } catch {
            throw Failure(message: error.description)
        }
        defer { client.close() }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        let connectDeadline = min(deadline, Date().addingTimeInterval(connectTimeoutSeconds))
        let unreachable = "no connection to \(settings.host):\(settings.effectivePort) within \(Int(connectTimeoutSeconds)) s"
        try await wait(inbox, until: connectDeadline, unreachable) {
            (reading: MQTTInbox.Reading) throws(Failure) -> Bool in
            if let refusal = reading.refusal { throw Failure(message: "the broker refused the connection: \(refusal)") }
            return reading.connected
        }
        for filter in filters { client.subscribe(topic: filter) }
        let discovery = HomeAssistantDiscovery(settings: settings)
        if !force {
            client.subscribe(topic: discovery.pongTopic)
            _ = client.publish(topic: discovery.pingTopic, payload: Array("forget".utf8), retain: false)
        }
        let subscribed = Date()
        try await wait(inbox, until: deadline, "the broker kept sending retained messages") {
            Date().timeIntervalSince(max(subscribed, $0.lastRetainedAt)) >= quietSeconds
        }
        if !force { try refuseWhileLive(inbox.reading, discovery: discovery) }
        let topics = inbox.reading.retained.keys.sorted()
        let queued = topics.filter { client.publish(topic: $0, payload: [], retain: true) }.count
        try await wait(inbox, until: deadline, "the broker acknowledged \(inbox.reading.acknowledged) of \(queued) clears") {
            $0.acknowledged >= queued
        }
        return topics
    }

    /// Refuses when the node says it is online, or when any netsnap of it answered the ping
    /// (two installations may share a node id: the one still running would publish it all again).
    private func refuseWhileLive(_ reading: MQTTInbox.Reading, discovery: HomeAssistantDiscovery) throws(Failure) {
        let answers = Set(reading.live[discovery.pongTopic, default: []].compactMap { NodeOwner(payload: $0) }.map(\.host)).sorted()
        let online = reading.retained[discovery.availabilityTopic] == Array("online".utf8)
        guard online || !answers.isEmpty else { return }
        let running = answers.isEmpty ? "" : " (running on \(answers.joined(separator: ", ")))"
        throw Failure(
            .nodeLive,
            message: "node \(settings.nodeID) is online\(running): stop its netsnap first (it would publish everything again),"
                + " or use --force")
    }

    /// Polls `inbox` until `done` says so, or fails with `timeout` past `deadline`.
    private func wait(
        _ inbox: MQTTInbox, until deadline: Date, _ timeout: @autoclosure () -> String, _ done: (MQTTInbox.Reading) throws(Failure) -> Bool
    ) async throws(Failure) {
        while Date() < deadline {
            if try done(inbox.reading) { return }
            try? await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(message: timeout())
    }
}
