import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// The newest events first, at most `limit`. Events dated more than `aheadTolerance`
    /// after `now` (stamped by a clock that ran ahead) come last, so they never crowd out
    /// the real newest ones.
    public func recentEvents(limit: Int, now: Date? = nil, aheadTolerance: Double = 120) throws(HistoryError) -> [NetworkEvent] {
        try wrap {
            try pool.read { db in
                let decoder = JSONDecoder()
                let aheadAfter = now.map { $0.timeIntervalSince1970 + aheadTolerance } ?? .infinity
                return try Row.fetchAll(
                    db, sql: "SELECT * FROM event ORDER BY occurredAt > ?, occurredAt DESC, id DESC LIMIT ?",
                    arguments: [aheadAfter, limit]
                ).compactMap { row -> NetworkEvent? in
                    guard let kind = NetworkEvent.Kind(rawValue: row["kind"]) else { return nil }
                    let wording = try decoder.decode(NetworkEvent.Wording.self, from: Data((row["wording"] as String).utf8))
                    let publicWording = try decoder.decode(
                        NetworkEvent.Wording.self, from: Data((row["publicWording"] as String).utf8))
                    return NetworkEvent(
                        id: row["id"], kind: kind, occurredAt: Date(timeIntervalSince1970: row["occurredAt"]),
                        wording: wording, publicWording: publicWording)
                }
            }
        }
    }

    /// Stores events that arose outside `record` (a database moved aside, a display gone silent).
    public func store(_ events: [NetworkEvent]) throws(HistoryError) {
        try wrap { try pool.write { db in try insertEvents(events, db: db) } }
    }

    func insertEvents(_ events: [NetworkEvent], db: Database) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for event in events {
            try db.execute(
                sql: "INSERT OR IGNORE INTO event (id, kind, occurredAt, wording, publicWording) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    event.id, event.kind.rawValue, event.occurredAt.timeIntervalSince1970,
                    String(decoding: try encoder.encode(event.wording), as: UTF8.self),
                    String(decoding: try encoder.encode(event.publicWording), as: UTF8.self),
                ])
            if db.changesCount > 0 { try trackIncident(event, db: db) }
        }
    }

    func loadDetectorState(_ db: Database) throws -> DetectorState {
        guard let data = try Data.fetchOne(db, sql: "SELECT state FROM detectorState WHERE id = 1") else {
            return DetectorState()
        }
        return try JSONDecoder().decode(DetectorState.self, from: data)
    }

    func saveDetectorState(_ state: DetectorState, db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO detectorState (id, state) VALUES (1, ?)",
            arguments: [try JSONEncoder().encode(state)])
    }
}
