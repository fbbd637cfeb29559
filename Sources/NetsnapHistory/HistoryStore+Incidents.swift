import Foundation
import GRDB
import NetsnapJSON
import NetsnapModel

/// Incidents kept beside the events: a down event opens one, dated from the first failed
/// check of its run (or reopens the last of its subject when that ended less than
/// `incidentMergeSeconds` before: flapping stays one), its recovery closes it; people add
/// notes and close what netsnap cannot see end.
extension HistoryStore {
    /// A subject that goes down again this soon after recovering continues its incident.
    public static let incidentMergeSeconds: Double = 600

    /// What an event means for the incidents, inside the record's transaction.
    func trackIncident(_ event: NetworkEvent, db: Database) throws {
        let parts = event.id.split(separator: ":")
        guard parts.count >= 2 else { return }
        // Under maintenance nothing opens; a recovery still closes what was open before.
        if Self.isMaintenance(event) && [.targetDown, .connectionLost, .sourceLost].contains(event.kind) { return }
        let at = event.occurredAt.timeIntervalSince1970
        // A down event is confirmed after some failed checks; the outage began at the first.
        let since = event.wording.data["since"].flatMap(RFC3339.parse).map { min($0.timeIntervalSince1970, at) } ?? at
        switch event.kind {
        case .targetDown: try open("target:" + parts[1], name: event.wording.data["name"] ?? "Target", event: event, at: since, db: db)
        case .connectionLost: try open("connection", name: "Connection", event: event, at: since, db: db)
        case .sourceLost: try open("source", name: "Data source", event: event, at: at, db: db)
        case .targetRecovered: try close("target:" + parts[1], at: at, db: db)
        case .connectionRestored: try close("connection", at: at, db: db)
        case .sourceBack: try close("source", at: at, db: db)
        case .siteLost, .siteOffline:
            try open("site:" + parts[1], name: event.wording.data["name"] ?? "Site", event: event, at: at, db: db)
        case .siteBack, .siteRecovered: try close("site:" + parts[1], at: at, db: db)
        case .siteRemoved:
            try close("site:" + parts[1], at: at, note: "closed: site removed", db: db)
            // Its forwarded targets' incidents too (`sites.forwardEvents`: subjects `target:<site>/<target>`).
            try close(prefix: "target:\(parts[1])/", at: at, note: "closed: site removed", db: db)
        default: break
        }
    }

    private func open(_ subject: String, name: String, event: NetworkEvent, at: Double, db: Database) throws {
        if try Int64.fetchOne(db, sql: "SELECT id FROM incident WHERE subject = ? AND endedAt IS NULL", arguments: [subject]) != nil {
            return
        }
        if let recent = try Int64.fetchOne(
            db, sql: "SELECT id FROM incident WHERE subject = ? AND endedAt >= ? AND closedByHand = 0 ORDER BY endedAt DESC LIMIT 1",
            arguments: [subject, at - Self.incidentMergeSeconds])
        {
            try db.execute(sql: "UPDATE incident SET endedAt = NULL, updatedAt = ? WHERE id = ?", arguments: [at, recent])
            return
        }
        try db.execute(
            sql: "INSERT INTO incident (subject, name, startedAt, cause, publicCause, updatedAt) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [subject, name, at, event.wording.data["lastError"], event.publicWording.data["lastError"], at])
    }

    /// Ends the subject's open incident; `note` (unless a person wrote one) says why when no recovery did.
    private func close(_ subject: String, at: Double, note: String? = nil, db: Database) throws {
        try db.execute(
            sql: """
                UPDATE incident SET endedAt = MAX(startedAt, ?), updatedAt = ?, note = COALESCE(note, ?)
                WHERE subject = ? AND endedAt IS NULL
                """,
            arguments: [at, at, note, subject])
    }

    /// Ends every open incident whose subject starts with `prefix` (compared as text: a node
    /// id's `_` is no pattern), noting why.
    private func close(prefix: String, at: Double, note: String, db: Database) throws {
        try db.execute(
            sql: """
                UPDATE incident SET endedAt = MAX(startedAt, ?), updatedAt = ?, note = COALESCE(note, ?)
                WHERE substr(subject, 1, length(?)) = ? AND endedAt IS NULL
                """,
            arguments: [at, at, note, prefix, prefix])
    }

    /// The incidents that began from `start` on, newest first.
    public func incidents(since start: Date) throws(HistoryError) -> [Incident] {
        try wrap {
            try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM incident WHERE startedAt >= ? OR endedAt IS NULL ORDER BY startedAt DESC, id DESC",
                    arguments: [start.timeIntervalSince1970]
                ).map(Self.incident)
            }
        }
    }

    /// Adds a person's note to incident `id` (replacing an earlier one); false when there is no such incident.
    public func noteIncident(_ id: Int64, note: String, at now: Date) throws(HistoryError) -> Bool {
        try wrap {
            try pool.write { db in
                try db.execute(
                    sql: "UPDATE incident SET note = ?, updatedAt = MAX(updatedAt, ?) WHERE id = ?",
                    arguments: [note, now.timeIntervalSince1970, id])
                return db.changesCount > 0
            }
        }
    }

    /// Closes incident `id` by hand at `now`; false when there is no such open incident.
    public func closeIncident(_ id: Int64, at now: Date) throws(HistoryError) -> Bool {
        try wrap {
            try pool.write { db in
                try db.execute(
                    sql: """
                        UPDATE incident SET endedAt = MAX(startedAt, ?), closedByHand = 1, updatedAt = MAX(updatedAt, ?)
                        WHERE id = ? AND endedAt IS NULL
                        """,
                    arguments: [now.timeIntervalSince1970, now.timeIntervalSince1970, id])
                return db.changesCount > 0
            }
        }
    }

    private static func incident(_ row: Row) -> Incident {
        let subject: String = row["subject"]
        let kind = Incident.Subject(rawValue: String(subject.prefix { $0 != ":" })) ?? .target
        return Incident(
            id: row["id"], subject: kind, targetID: kind == .target ? UUID(uuidString: String(subject.dropFirst(7))) : nil,
            name: row["name"], startedAt: Date(timeIntervalSince1970: row["startedAt"]),
            endedAt: (row["endedAt"] as Double?).map(Date.init(timeIntervalSince1970:)), cause: row["cause"],
            publicCause: row["publicCause"], note: row["note"], closedByHand: row["closedByHand"],
            updatedAt: Date(timeIntervalSince1970: row["updatedAt"]))
    }
}
