import Foundation
import GRDB
import NetsnapLanguage
import NetsnapModel

/// Maintenance windows added from the command line, and what maintenance does to a record:
/// the events of what it covers are marked (and open no incident), and their samples are
/// kept apart (`maintenance:` series), so uptime leaves the time out and the bars show it.
extension HistoryStore {
    /// Stores a one-off window; returns its number.
    public func addMaintenance(start: Date, end: Date, targets: [String], note: String?) throws(HistoryError) -> Int64 {
        try wrap {
            try pool.write { db in
                try db.execute(
                    sql: "INSERT INTO maintenance (startAt, endAt, targets, note) VALUES (?, ?, ?, ?)",
                    arguments: [start.timeIntervalSince1970, end.timeIntervalSince1970, targets.joined(separator: "\n"), note])
                return db.lastInsertedRowID
            }
        }
    }

    /// The stored windows that end after `date`, soonest first.
    public func maintenanceWindows(endingAfter date: Date) throws(HistoryError) -> [MaintenanceWindow] {
        try wrap {
            try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM maintenance WHERE endAt > ? ORDER BY startAt", arguments: [date.timeIntervalSince1970]
                ).map { row in
                    let targets: String = row["targets"]
                    return MaintenanceWindow(
                        id: row["id"],
                        when: .once(start: Date(timeIntervalSince1970: row["startAt"]), end: Date(timeIntervalSince1970: row["endAt"])),
                        targets: targets.split(separator: "\n").map(String.init), note: row["note"])
                }
            }
        }
    }

    /// Ends stored window `id` at `date` (when it is still running or yet to come); false
    /// when there is no such window.
    public func endMaintenance(_ id: Int64, at date: Date) throws(HistoryError) -> Bool {
        try wrap {
            try pool.write { db in
                try db.execute(
                    sql: "UPDATE maintenance SET endAt = ?, startAt = MIN(startAt, ?) WHERE id = ? AND endAt > ?",
                    arguments: [date.timeIntervalSince1970, date.timeIntervalSince1970, id, date.timeIntervalSince1970])
                return db.changesCount > 0
            }
        }
    }

    /// `event` marked as happening under maintenance: its title says so (in the language it
    /// was worded in) and its data has `maintenance: true`, in both wordings.
    static func markedAsMaintenance(_ event: NetworkEvent, _ language: Wording) -> NetworkEvent {
        var marked = event
        for keyPath in [\NetworkEvent.wording, \NetworkEvent.publicWording] {
            marked[keyPath: keyPath].title = language(.maintenanceWith, ["detail": marked[keyPath: keyPath].title])
            marked[keyPath: keyPath].data["maintenance"] = "true"
        }
        return marked
    }

    /// True for an event recorded under maintenance.
    public static func isMaintenance(_ event: NetworkEvent) -> Bool { event.wording.data["maintenance"] == "true" }
}
