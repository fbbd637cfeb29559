import Foundation
import Logging
import NIOConcurrencyHelpers
import NetsnapRender
import ServiceLifecycle

/// Keeps `displays.json` in the output folder current and notices when a display's health
/// changes (`DisplayHealth`): written soon after any display's request, and every
/// `feed.periodSeconds` regardless, since a display falls silent by saying nothing. Each
/// change of health is logged and handed to `onChange` (events, metrics).
package final class DisplayWatcher: Service, Sendable {
    package let registry: DisplayRegistry
    package let feed: DisplaysFeed
    package let outputDirectory: String
    package let now: @Sendable () -> Date
    package let logger: Logger
    /// How often the registry is looked at for news (seconds).
    package let pollSeconds: Double
    package let onChange: @Sendable (DisplayChange) -> Void
    /// Told the records at every look (metrics).
    package let onUpdate: @Sendable ([DisplayRecord]) -> Void
    private let state = NIOLockedValueBox(WatchState())

    private struct WatchState {
        var writtenVersion = -1
        var writtenAt = Date.distantPast
        /// The health last seen per friendly id; nil before the first look (no events for what
        /// was already so at start).
        var health: [String: DisplayHealth]?
    }

    package init(
        registry: DisplayRegistry, feed: DisplaysFeed, outputDirectory: String, now: @escaping @Sendable () -> Date, logger: Logger,
        pollSeconds: Double = 2, onChange: @escaping @Sendable (DisplayChange) -> Void = { _ in },
        onUpdate: @escaping @Sendable ([DisplayRecord]) -> Void = { _ in }
    ) {
        self.registry = registry
        self.feed = feed
        self.outputDirectory = outputDirectory
        self.now = now
        self.logger = logger
        self.pollSeconds = pollSeconds
        self.onChange = onChange
        self.onUpdate = onUpdate
    }

    package func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            update()
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(self.pollSeconds)) }
            } catch {
                break
            }
        }
    }

    /// One look: health changes told, and the file written when anything changed or it is due.
    package func update() {
        let date = now()
        let records = registry.records
        let version = registry.version
        onUpdate(records)
        let changes = noteHealth(of: records, at: date)
        for change in changes {
            logger.notice(
                "display \(change.kind.rawValue)",
                metadata: ["display": "\(change.record.friendlyID)", "battery": "\(change.record.batteryPercent.map { "\($0) %" } ?? "?")"])
            onChange(change)
        }
        let due = state.withLockedValue { state in
            version != state.writtenVersion || !changes.isEmpty
                || date.timeIntervalSince(state.writtenAt) >= TimeInterval(feed.periodSeconds)
        }
        guard due, !records.isEmpty else { return }
        do {
            _ = try AtomicFileWriter(directory: outputDirectory).write(
                OutputFile(path: "displays.json", bytes: feed.bytes(records, now: date)))
            state.withLockedValue { state in
                state.writtenVersion = version
                state.writtenAt = date
            }
        } catch {
            logger.warning("cannot write displays.json", metadata: ["error": "\(error)"])
        }
    }

    private func noteHealth(of records: [DisplayRecord], at date: Date) -> [DisplayChange] {
        let current = Dictionary(records.map { ($0.friendlyID, feed.health(of: $0, now: date)) }, uniquingKeysWith: { $1 })
        let previous = state.withLockedValue { state in
            defer { state.health = current }
            return state.health
        }
        guard let previous else { return [] }
        return records.compactMap { record in
            let id = record.friendlyID
            guard let now = current[id], let kind = DisplayChange.Kind(from: previous[id], to: now) else { return nil }
            return DisplayChange(kind: kind, record: record, at: date)
        }
    }
}
