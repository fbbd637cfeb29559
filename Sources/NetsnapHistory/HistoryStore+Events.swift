import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// The newest events first, at most `limit`.
    public func recentEvents(limit: Int) throws(HistoryError) -> [NetworkEvent] {
        try wrap {
            try pool.read { db in
                let decoder = JSONDecoder()
                return try Row.fetchAll(
                    db, sql: "SELECT * FROM event ORDER BY occurredAt DESC, id DESC LIMIT ?", arguments: [limit]
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
