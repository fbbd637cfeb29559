import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NetsnapHistory
import NetsnapLanguage
import NetsnapModel
import Synchronization

/// Turns events into notifications and delivers them. The router's decisions go into the
/// history database's outbox first; a delivery task takes them out when due, POSTs each to
/// its sink (with a time limit) and removes it once the sink answered 2xx. A failed attempt
/// waits 2 s, 4 s, 8 s… (up to `maximumRetryDelaySeconds`) and tries again, across restarts;
/// a sink's lasting refusal (a 4xx other than 408 or 429) gives the notification up.
final class Notifier: Sendable {
    let settings: NotifySettings
    private let store: HistoryStore
    private let monitor: PushMonitor
    private let logger: Logger
    private let http: HTTPClient
    private let sinks: [String: NotifySettings.Sink]
    private let router: Mutex<NotificationRouter>
    /// When the earliest waiting notification falls due, so an idle delivery task asks
    /// nothing of the database.
    private let nextDue = Mutex<Date?>(nil)

    /// Deliveries fetched at once.
    static let batchSize = 16
    /// How often an idle delivery task looks at `nextDue`.
    static let idleCheck = Duration.milliseconds(250)

    /// `wording`: the language of the notifications' own words (a flapping summary).
    init(settings: NotifySettings, store: HistoryStore, monitor: PushMonitor, logger: Logger, wording: Wording = .posix)
        throws(HistoryError)
    {
        self.settings = settings
        self.store = store
        self.monitor = monitor
        self.logger = logger
        sinks = Dictionary(settings.sinks.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        router = Mutex(NotificationRouter(settings: settings, wording: wording))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: .seconds(Int64(settings.timeoutSeconds.rounded(.up))), read: .seconds(Int64(settings.timeoutSeconds.rounded(.up))))
        )
        configuration.httpVersion = .http1Only
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let forgotten = try store.removeNotifications(exceptFor: Set(sinks.keys))
        if forgotten > 0 { logger.notice("dropped notifications for sinks no longer configured", metadata: ["count": "\(forgotten)"]) }
        let waiting = try store.notificationCount()
        nextDue.withLock { $0 = try? store.nextNotificationDue() }
        monitor.update { $0.outboxDepth = waiting }
    }

    /// Routes `events` seen at `now` and queues what the router decided.
    func accept(_ events: [NetworkEvent], at now: Date) {
        let deliveries = router.withLock { $0.route(events, at: now) }
        enqueue(deliveries, at: now)
    }

    /// Queues the summaries of cooldowns that ended by `now`.
    func flush(at now: Date) {
        let deliveries = router.withLock { $0.flush(at: now) }
        enqueue(deliveries, at: now)
    }

    private func enqueue(_ deliveries: [NotificationRouter.Delivery], at now: Date) {
        guard !deliveries.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        do {
            let items = try deliveries.map { delivery in
                (sinkKey: delivery.sinkKey, body: Array(try encoder.encode(delivery.notification)), dueAt: delivery.dueAt)
            }
            let dropped = try store.enqueueNotifications(items, createdAt: now, limit: settings.outboxLimit)
            let waiting = try store.notificationCount()
            monitor.update { reading in
                reading.outboxDepth = waiting
                for key in dropped { reading.dropped[sinks[key]?.kind.rawValue ?? "unknown", default: 0] += 1 }
            }
            if !dropped.isEmpty { logger.warning("outbox full: dropped the oldest notifications", metadata: ["count": "\(dropped.count)"]) }
            let earliest = deliveries.map(\.dueAt).min()!
            nextDue.withLock { $0 = min($0 ?? earliest, earliest) }
            for delivery in deliveries {
                logger.info(
                    "notification queued",
                    metadata: [
                        "sink": "\(delivery.sinkKey)", "kind": "\(delivery.notification.kind)", "title": "\(delivery.notification.title)",
                    ])
            }
        } catch {
            logger.error("cannot queue notifications", metadata: ["error": "\(error)"])
        }
    }

    /// Delivers due notifications until cancelled.
    func deliverUntilCancelled() async {
        while !Task.isCancelled {
            let now = Date()
            let due = nextDue.withLock { $0 }.map { $0 <= now } ?? false
            guard due else {
                try? await Task.sleep(for: Self.idleCheck)
                continue
            }
            do {
                let entries = try store.dueNotifications(at: now, limit: Self.batchSize)
                for entry in entries {
                    if Task.isCancelled { return }
                    await deliver(entry)
                }
                let next = try store.nextNotificationDue()
                let waiting = try store.notificationCount()
                nextDue.withLock { $0 = next }
                monitor.update { $0.outboxDepth = waiting }
            } catch {
                logger.error("outbox unreadable; retrying", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(5))
            }
        }
    }

    private func deliver(_ entry: OutboxEntry) async {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let sink = sinks[entry.sinkKey], let notification = try? decoder.decode(PushNotification.self, from: Data(entry.body)) else {
            try? store.removeNotification(id: entry.id)
            return
        }
        let kind = sink.kind.rawValue
        let outcome = await post(SinkRequest.make(notification, for: sink))
        switch outcome {
        case .delivered:
            try? store.removeNotification(id: entry.id)
            monitor.update { $0.delivered[kind, default: 0] += 1 }
            logger.info("notification sent", metadata: ["sink": "\(sink.key)", "title": "\(notification.title)"])
        case .refused(let status):
            try? store.removeNotification(id: entry.id)
            monitor.update {
                $0.failedAttempts[kind, default: 0] += 1
                $0.dropped[kind, default: 0] += 1
            }
            logger.error("sink refused a notification; dropped", metadata: ["sink": "\(sink.key)", "status": "\(status)"])
        case .failed(let reason):
            let attempts = entry.attempts + 1
            let delay = min(settings.maximumRetryDelaySeconds, 2 * pow(2, Double(min(attempts - 1, 30))))
            try? store.postponeNotification(id: entry.id, until: Date().addingTimeInterval(delay), attempts: attempts)
            monitor.update { $0.failedAttempts[kind, default: 0] += 1 }
            logger.warning(
                "notification not delivered; will retry",
                metadata: ["sink": "\(sink.key)", "reason": "\(reason)", "attempt": "\(attempts)", "retryIn": "\(delay)"])
        }
    }

    private enum Outcome {
        case delivered
        case refused(status: UInt)
        case failed(String)
    }

    private func post(_ request: SinkRequest) async -> Outcome {
        var httpRequest = HTTPClientRequest(url: request.url.absoluteString)
        httpRequest.method = .POST
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { httpRequest.headers.add(name: name, value: value) }
        httpRequest.body = .bytes(ByteBuffer(bytes: request.body))
        do {
            let response = try await http.execute(httpRequest, timeout: .milliseconds(Int64(settings.timeoutSeconds * 1000)))
            // The body is not used, but must be read (a little) to free the connection.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            let status = response.status.code
            if (200..<300).contains(status) { return .delivered }
            if (400..<500).contains(status) && status != 408 && status != 429 { return .refused(status: status) }
            return .failed("HTTP \(status)")
        } catch {
            return .failed("\(error)")
        }
    }

    /// Closes the HTTP client's connections.
    func shutdown() async {
        try? await http.shutdown()
    }
}
