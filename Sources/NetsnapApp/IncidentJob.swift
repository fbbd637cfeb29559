import Foundation
import NetsnapConfiguration
import NetsnapHistory
import NetsnapJSON
import NetsnapModel

/// `netsnap incident list | note | close`: the outages the history keeps, with a person's
/// word. Safe while a watcher runs: each is one short transaction, and the next cycle's
/// `incidents.json` and feeds show it.
public struct IncidentJob: Sendable {
    public var configuration: Configuration

    public init(configuration: Configuration) { self.configuration = configuration }

    /// One line per incident the history keeps (those over end with the roll-ups), newest first.
    public func list() throws(ApplicationFailure) -> [String] {
        let store = try HistoryJob(configuration: configuration).open()
        do {
            return try store.incidents(since: .distantPast).map { incident in
                let end = incident.endedAt.map { RFC3339.format($0) } ?? "ongoing"
                let note = incident.note.map { "  note: \($0)" } ?? ""
                return "\(incident.id)  \(incident.name)  \(RFC3339.format(incident.startedAt)) – \(end)\(note)"
            }
        } catch {
            throw ApplicationFailure(.renderFailed, error.description)
        }
    }

    /// Sets incident `id`'s note.
    public func note(_ id: Int64, _ text: String, now: Date = Date()) throws(ApplicationFailure) {
        let note = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !note.isEmpty, note.count <= 2_000 else { throw ApplicationFailure(.usage, "error: a note is 1 to 2,000 characters") }
        try change(id) { store throws(HistoryError) in try store.noteIncident(id, note: TextHygiene.replacingControls(note), at: now) }
    }

    /// Closes incident `id`, one netsnap cannot see end.
    public func close(_ id: Int64, now: Date = Date()) throws(ApplicationFailure) {
        try change(id) { store throws(HistoryError) in try store.closeIncident(id, at: now) }
    }

    private func change(_ id: Int64, _ body: (HistoryStore) throws(HistoryError) -> Bool) throws(ApplicationFailure) {
        let store = try HistoryJob(configuration: configuration).open()
        let changed: Bool
        do {
            changed = try body(store)
        } catch {
            throw ApplicationFailure(.renderFailed, error.description)
        }
        if !changed { throw ApplicationFailure(.refused, "error: no incident \(id) (or it is already closed)") }
    }
}
