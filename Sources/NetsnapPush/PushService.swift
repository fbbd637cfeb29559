import Foundation
import Logging
import NetsnapHistory
import NetsnapLanguage
import NetsnapModel
import ServiceLifecycle
import Synchronization

/// Push as a service beside the watch loop: the loop hands each cycle's frame to `submit`,
/// which only queues it; this service's own task publishes MQTT state and routes
/// notifications, a second task delivers them, and libmosquitto's thread talks to the
/// broker. Nothing a cycle does waits on a broker or a sink.
public final class PushService: Service, Sendable, CustomStringConvertible {
    public let monitor: PushMonitor
    private let mqtt: MQTTPublisher?
    private let notifier: Notifier?
    private let logger: Logger
    /// Without a new frame for this long, the last one is re-published with the current time,
    /// so data age and staleness stay true when cycles fail.
    private let refreshSeconds: Double
    private let frames: AsyncStream<PushFrame>
    private let continuation: AsyncStream<PushFrame>.Continuation
    private let lastFrame = Mutex<PushFrame?>(nil)
    /// Opened by `allowConnecting`; `holdConnecting` closes it before `run`.
    private let gate = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    private let held = Mutex(false)

    /// Frames waiting for push's task; more means that task is stuck, and the oldest go.
    static let frameBuffer = 32

    /// Push for the configured MQTT broker and notification sinks; nil settings leave that part
    /// out. `wording` is the language of Home Assistant's entity names and of notifications' own words.
    public init(
        mqtt: MQTTSettings?, notify: NotifySettings?, history: HistoryStore, refreshSeconds: Double, softwareVersion: String?,
        wording: Wording = .posix, logger: Logger
    ) throws(PushSetupError) {
        let monitor = PushMonitor()
        self.monitor = monitor
        self.logger = logger
        self.refreshSeconds = refreshSeconds
        do {
            self.mqtt = try mqtt.map { settings throws(MQTTSetupError) in
                try MQTTPublisher(settings: settings, softwareVersion: softwareVersion, wording: wording, logger: logger, monitor: monitor)
            }
        } catch {
            throw PushSetupError(message: error.description, cause: .configuration)
        }
        do {
            self.notifier = try notify.flatMap { settings throws(HistoryError) in
                settings.sinks.isEmpty
                    ? nil : try Notifier(settings: settings, store: history, monitor: monitor, logger: logger, wording: wording)
            }
        } catch {
            throw PushSetupError(message: error.description, cause: .stateDatabase)
        }
        (frames, continuation) = AsyncStream.makeStream(of: PushFrame.self, bufferingPolicy: .bufferingNewest(Self.frameBuffer))
    }

    public var description: String { "PushService(mqtt: \(mqtt != nil), notify: \(notifier != nil))" }

    /// Hands a cycle's frame to push; returns at once.
    public func submit(_ frame: PushFrame) {
        if case .dropped = continuation.yield(frame) { logger.warning("push is behind; dropped the oldest waiting frame") }
    }

    /// Hands events no cycle's widgets go with (a site of the wall lost, back or invalid) to
    /// the notification sinks; returns at once.
    public func notify(_ events: [NetworkEvent], at now: Date) {
        notifier?.accept(events, at: now)
    }

    /// Publishes the wall's sites as Home Assistant entities (with an `mqtt:` section);
    /// returns at once (libmosquitto's thread sends).
    public func updateSites(_ sites: [SiteSensor]) {
        mqtt?.updateSites(sites)
    }

    /// Keeps the broker connection back until `allowConnecting`: a process that still has to
    /// bind its HTTP port must not connect, kick nobody and say `offline` if it then fails.
    /// Call before `run`.
    public func holdConnecting() { held.withLock { $0 = true } }

    /// Lets a held `run` connect.
    public func allowConnecting() {
        gate.continuation.yield()
        gate.continuation.finish()
    }

    public func run() async throws {
        if held.withLock({ $0 }) {
            for await _ in gate.stream.cancelOnGracefulShutdown() { break }
        }
        let connecting = !Task.isCancelled && !Task.isShuttingDownGracefully
        if connecting {
            do {
                try mqtt?.start()
            } catch {
                logger.error("mqtt could not start", metadata: ["error": "\(error)"])
            }
        }
        await withTaskGroup(of: Void.self) { group in
            if let notifier { group.addTask { await notifier.deliverUntilCancelled() } }
            group.addTask { [self] in await refreshUntilCancelled() }
            for await frame in frames.cancelOnGracefulShutdown() {
                lastFrame.withLock { $0 = frame }
                mqtt?.update(frame)
                notifier?.accept(frame.events, at: frame.now)
            }
            group.cancelAll()
        }
        if connecting { mqtt?.stop() }
        await notifier?.shutdown()
    }

    /// Re-publishes the last frame when cycles stall, and releases held notifications whose
    /// cooldown ended.
    private func refreshUntilCancelled() async {
        let tick = min(refreshSeconds, 5)
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(tick))
            let now = Date()
            notifier?.flush(at: now)
            guard let mqtt, let last = lastFrame.withLock({ $0 }), now.timeIntervalSince(last.now) >= refreshSeconds else { continue }
            var frame = last
            frame.events = []
            frame.now = now
            lastFrame.withLock { $0 = frame }
            mqtt.update(frame)
        }
    }
}

/// Push could not be set up: the message says which part and why.
public struct PushSetupError: Error, CustomStringConvertible {
    /// What was wrong: the user's settings, or the history database the outbox lives in.
    public enum Cause: Sendable { case configuration, stateDatabase }

    public let message: String
    public let cause: Cause
    public var description: String { message }
}
