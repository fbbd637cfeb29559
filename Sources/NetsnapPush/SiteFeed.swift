import Foundation
import Logging
import NetsnapJSON
import NetsnapModel
import Synchronization

/// What an aggregating netsnap hears from its sites: it subscribes to
/// `<topicPrefix>/+/snapshot` and `<topicPrefix>/+/availability` and keeps, per site id, the
/// newest of each. Everything here comes from the broker and is hostile: ids and payloads are
/// kept as bytes and bounded, and judging them is the aggregator's business.
public final class SiteFeed: Sendable {
    /// The newest messages of one site.
    public struct Site: Sendable, Equatable {
        /// The newest snapshot payload; nil before one came, after it was cleared, or when it
        /// was refused for its size.
        public var snapshot: [UInt8]?
        /// Counts the snapshot messages, so a reader decodes each one once.
        public var generation = 0
        /// True when the newest snapshot was larger than the limit and was dropped.
        public var oversized = false
        /// When a snapshot was last passed on live; nil when the only one came retained (sent
        /// at some unknown time before the subscription).
        public var heardAt: Date?
        /// The availability topic's payload (`online`, `offline`), cut short; nil before one came.
        public var availability: String?
        /// Since when it has said `offline` (or its will did): when that was heard live, or,
        /// kept by the broker from before, when the wall's connection began.
        public var offlineSince: Date?
        /// The name its person gave it (`site.name`, from `<prefix>/<id>/site`), cleaned and cut; nil: none.
        public var name: String?
    }

    /// The wall's own connection to the broker: what it can see of its sites depends on it.
    public struct Link: Sendable, Equatable {
        /// Since when the connection is up; nil while it is down.
        public var connectedSince: Date?
        /// Since when it is down (from the start before the first connection); nil while up.
        public var downSince: Date?
        /// The last time it went down after having been up, and came back; nil before any.
        public var lastOutage: ClosedRange<Date>?
        /// Whether the connection was ever up.
        var everConnected = false

        public init(connectedSince: Date? = nil, downSince: Date? = nil, lastOutage: ClosedRange<Date>? = nil) {
            self.connectedSince = connectedSince
            self.downSince = downSince
            self.lastOutage = lastOutage
        }
    }

    /// At most this many sites are followed; more ids are refused with a log line.
    public static let maximumSites = 10_000
    /// Ids longer than this many bytes are refused with a log line: no node id is.
    public static let maximumIDBytes = 1_024

    private let settings: MQTTSettings
    private let clientID: String
    private let maximumSnapshotBytes: Int
    private let logger: Logger
    private let state = Mutex<[String: Site]>([:])
    private let linkState: Mutex<Link>
    /// Ids already logged as refused, so a flood of them logs a bounded number of lines.
    private let refusedLogged = Mutex<Set<String>>([])
    private let client = Mutex<MosquittoClient?>(nil)

    /// A feed from `settings`' broker and topic prefix, connecting as `clientID`; snapshots
    /// over `maximumSnapshotBytes` are refused.
    public init(settings: MQTTSettings, clientID: String, maximumSnapshotBytes: Int, logger: Logger) {
        self.settings = settings
        self.clientID = clientID
        self.maximumSnapshotBytes = maximumSnapshotBytes
        self.logger = logger
        linkState = Mutex(Link(connectedSince: nil, downSince: Date()))
    }

    /// Every site heard from so far, by raw id.
    public var sites: [String: Site] { state.withLock { $0 } }

    /// The wall's connection now.
    public var link: Link { linkState.withLock { $0 } }

    /// The longest `site` message read: a name and little else.
    static let maximumSiteMessageBytes = 1_024

    /// Connects (libmosquitto's thread retries with back-off while the broker is down) and
    /// subscribes after every connection.
    public func start() throws {
        let options = MosquittoClient.Options(
            host: settings.host, port: settings.effectivePort, clientID: clientID, username: settings.username,
            password: settings.password, caFile: settings.tlsCAFile, keepAliveSeconds: settings.keepAliveSeconds,
            maximumPayloadBytes: maximumSnapshotBytes + 1)
        let mosquitto = try MosquittoClient(options: options)
        client.withLock { $0 = mosquitto }
        try mosquitto.start { [self] event in handle(event, client: mosquitto) }
    }

    /// Disconnects and frees the client.
    public func stop() {
        let mosquitto = client.withLock { client in
            defer { client = nil }
            return client
        }
        mosquitto?.close()
    }

    /// Called on libmosquitto's thread.
    private func handle(_ event: MosquittoClient.Event, client: MosquittoClient) {
        switch event {
        case .connected:
            linkState.withLock { link in
                let now = Date()
                // The first connection ends no outage: before it the wall had not started.
                let outage = link.downSince.flatMap { down in link.everConnected ? down...max(down, now) : nil }
                link = Link(connectedSince: now, lastOutage: outage ?? link.lastOutage)
                link.everConnected = true
            }
            client.subscribe(topic: "\(settings.topicPrefix)/+/snapshot")
            client.subscribe(topic: "\(settings.topicPrefix)/+/availability")
            client.subscribe(topic: "\(settings.topicPrefix)/+/site")
            logger.info("sites: connected", metadata: ["broker": "\(settings.host):\(settings.effectivePort)"])
        case .refused(let code, let reason):
            logger.error("sites: the broker refused the connection; retrying", metadata: ["code": "\(code)", "reason": "\(reason)"])
        case .disconnected(let expected):
            linkState.withLock { link in
                if link.connectedSince != nil {
                    link.connectedSince = nil
                    link.downSince = Date()
                }
            }
            if !expected { logger.warning("sites: connection lost; reconnecting with back-off") }
        case .message(let topic, let payload, let retained):
            receive(topic: topic, payload: payload, retained: retained)
        case .published:
            break
        }
    }

    /// Keeps one message; refuses ids that are too long and sites past the limit.
    func receive(topic: String, payload: [UInt8], retained: Bool, now: Date = Date()) {
        guard let (id, kind) = Self.split(topic, prefix: settings.topicPrefix) else { return }
        guard id.utf8.count <= Self.maximumIDBytes else {
            return refuse(String(id.prefix(64)), "site id longer than \(Self.maximumIDBytes) bytes")
        }
        let refusal = state.withLock { sites -> String? in
            if sites[id] == nil {
                guard !payload.isEmpty else { return nil }
                guard sites.count < Self.maximumSites else { return "more than \(Self.maximumSites) sites" }
            }
            var site = sites[id] ?? Site()
            if kind == "availability" {
                site.availability = payload.isEmpty ? nil : String(decoding: payload.prefix(32), as: UTF8.self)
                if site.availability != "offline" {
                    site.offlineSince = nil
                } else if site.offlineSince == nil || !retained {
                    // Kept from before: it said so at some unknown time, so count from now, the connection's start.
                    site.offlineSince = now
                }
            } else if kind == "site" {
                site.name = Self.siteName(payload)
            } else {
                site.generation += 1
                site.oversized = payload.count > maximumSnapshotBytes
                site.snapshot = payload.isEmpty || site.oversized ? nil : payload
                if !retained { site.heardAt = now }
            }
            // Both topics cleared (`sites forget`, `mqtt forget`): the site has left.
            sites[id] = site.snapshot == nil && site.availability == nil && site.name == nil && !site.oversized ? nil : site
            return site.oversized && kind == "snapshot" ? "snapshot larger than \(maximumSnapshotBytes) bytes" : nil
        }
        if let refusal { refuse(id, refusal) }
    }

    /// The site id and the last level (`snapshot` or `availability`) of a topic under `prefix`.
    static func split(_ topic: String, prefix: String) -> (id: String, kind: String)? {
        guard topic.hasPrefix(prefix + "/") else { return nil }
        let rest = topic.dropFirst(prefix.count + 1)
        guard let slash = rest.lastIndex(of: "/") else { return nil }
        let id = String(rest[..<slash])
        let kind = String(rest[rest.index(after: slash)...])
        guard !id.isEmpty, !id.contains("/"), ["snapshot", "availability", "site"].contains(kind) else { return nil }
        return (id, kind)
    }

    /// The `name` of a site's `{"name": …}` message: hostile, so bounded, cleaned of control
    /// characters and cut; nil for anything else.
    static func siteName(_ payload: [UInt8]) -> String? {
        guard payload.count <= maximumSiteMessageBytes, case .object(let members)? = try? JSONParser.parse(payload),
            case .string(let name)? = members.last(where: { $0.key == "name" })?.value
        else { return nil }
        let cleaned = TextHygiene.escapingControls(name).trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? nil : String(cleaned.prefix(MQTTSettings.maximumSiteNameLength))
    }

    /// Logs a refusal once per id (at most 1,000 ids), escaped: the id is hostile.
    private func refuse(_ id: String, _ reason: String) {
        let first = refusedLogged.withLock { logged in
            guard logged.count < 1_000 else { return false }
            return logged.insert(id).inserted
        }
        if first { logger.warning("sites: refused a message", metadata: ["site": "\(id.debugDescription)", "reason": "\(reason)"]) }
    }
}
