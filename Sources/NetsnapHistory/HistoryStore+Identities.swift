import Foundation
import GRDB

/// A device's identity as another store remembered it (the gatherer's state file).
public struct DeviceIdentity: Sendable, Equatable {
    /// The MAC address in canonical text.
    public var key: String
    public var id: UUID
    public var firstSeen: Date
    public var lastSeen: Date

    public init(key: String, id: UUID, firstSeen: Date, lastSeen: Date) {
        self.key = key
        self.id = id
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }
}

extension HistoryStore {
    /// Takes over identities remembered elsewhere: unknown devices keep their id, known ones
    /// keep the history's id and the earlier `firstSeen`. Safe to repeat. Returns how many
    /// devices were new to the history.
    @discardableResult
    public func importIdentities(_ identities: [DeviceIdentity]) throws(HistoryError) -> Int {
        try wrap {
            try pool.write { db in
                var added = 0
                for identity in identities {
                    let exists = try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE key = ?", arguments: [identity.key]) ?? false
                    try db.execute(
                        sql: """
                            INSERT INTO device (key, id, firstSeen, lastSeen) VALUES (?, ?, ?, ?)
                            ON CONFLICT(key) DO UPDATE SET firstSeen = MIN(firstSeen, excluded.firstSeen),
                                lastSeen = MAX(lastSeen, excluded.lastSeen)
                            """,
                        arguments: [
                            identity.key, identity.id.uuidString, identity.firstSeen.timeIntervalSince1970,
                            identity.lastSeen.timeIntervalSince1970,
                        ])
                    if !exists { added += 1 }
                }
                return added
            }
        }
    }
}
