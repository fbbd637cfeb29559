import Foundation
import NetsnapHistory
import NetsnapLanguage
import NetsnapModel
import Synchronization

extension WatchCycle {
    /// What maintenance covers at `date`: the config's windows and those `netsnap maintenance
    /// add` stored, weekly ones told in the tiles' time zone. A history that cannot be read
    /// leaves the config's windows.
    func maintenanceCoverage(for snapshot: Snapshot, at date: Date) -> MaintenanceCoverage {
        let stored = (try? history.maintenanceWindows(endingAfter: date)) ?? []
        return MaintenanceWindow.coverage(
            settings.maintenance + stored, at: date, timeZone: render.tiles.timeZone, targets: snapshot.targets)
    }

    /// Targets whose maintenance just ended while they are still down: an event each, stored
    /// (it opens an incident) and notified at once, as if they had just gone down.
    func stillDownAfterMaintenance(_ snapshot: Snapshot, coverage: MaintenanceCoverage) throws -> [NetworkEvent] {
        let previous = lastCoverage.withLock { last in
            defer { last = coverage }
            return last
        }
        let events = snapshot.targets.filter { target in
            !target.isOnline && previous.covers(target: target.id) && !coverage.covers(target: target.id)
        }.map { target in
            let data = ["targetId": target.id.uuidString, "name": target.name, "afterMaintenance": "true"]
            let wording = render.wording
            let title = wording(EventPhrase.stillDownAfterMaintenance, ["name": target.name])
            return NetworkEvent(
                kind: .targetDown, occurredAt: snapshot.generatedAt, subjectKey: target.id.uuidString,
                wording: .init(
                    title: title, text: wording(EventPhrase.maintenanceEndedStillDown, ["target": wording.named(target.name, target.host)]),
                    data: data),
                publicWording: .init(
                    title: title, text: wording(EventPhrase.maintenanceEndedStillDown, ["target": target.name]), data: data))
        }
        if !events.isEmpty { try history.store(events) }
        return events
    }
}

/// The maintenance coverage of the last cycle, to see windows end.
final class LastCoverage: Sendable {
    private let stored = Mutex(MaintenanceCoverage())

    func withLock<T>(_ body: (inout MaintenanceCoverage) -> T) -> T { stored.withLock { body(&$0) } }
}
