import Foundation
import GRDB

extension HistoryStore {
    /// Adds notifications for their sinks; if the outbox then holds more than `limit`, the
    /// oldest are dropped. Returns the sink keys of the dropped ones (to count them).
    public func enqueueNotifications(
        _ items: [(sinkKey: String, body: [UInt8], dueAt: Date)], createdAt: Date, limit: Int
    ) throws(HistoryError) -> [String] {
        try wrap {
            try pool.write { db in
                for item in items {
                    try db.execute(
                        sql: "INSERT INTO notificationOutbox (sinkKey, body, createdAt, dueAt) VALUES (?, ?, ?, ?)",
                        arguments: [item.sinkKey, Data(item.body), createdAt.timeIntervalSince1970, item.dueAt.timeIntervalSince1970])
                }
                let excess = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notificationOutbox")! - max(0, limit)
                guard excess > 0 else { return [] }
                let dropped = try Row.fetchAll(
                    db, sql: "SELECT id, sinkKey FROM notificationOutbox ORDER BY id LIMIT ?", arguments: [excess])
                try db.execute(
                    sql: "DELETE FROM notificationOutbox WHERE id IN (SELECT id FROM notificationOutbox ORDER BY id LIMIT ?)",
                    arguments: [excess])
                return dropped.map { $0["sinkKey"] as String }
            }
        }
    }

    /// The notifications due at `date`, oldest first, at most `limit`.
    public func dueNotifications(at date: Date, limit: Int) throws(HistoryError) -> [OutboxEntry] {
        try wrap {
            try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM notificationOutbox WHERE dueAt <= ? ORDER BY dueAt, id LIMIT ?",
                    arguments: [date.timeIntervalSince1970, limit]
                ).map { row in
                    OutboxEntry(
                        id: row["id"], sinkKey: row["sinkKey"], body: Array(row["body"] as Data),
                        createdAt: Date(timeIntervalSince1970: row["createdAt"]), dueAt: Date(timeIntervalSince1970: row["dueAt"]),
                        attempts: row["attempts"])
                }
            }
        }
    }

    /// When the next notification falls due; nil when the outbox is empty.
    public func nextNotificationDue() throws(HistoryError) -> Date? {
        try wrap {
            try pool.read { db in
                try Double.fetchOne(db, sql: "SELECT MIN(dueAt) FROM notificationOutbox").map(Date.init(timeIntervalSince1970:))
            }
        }
    }

    /// How many notifications wait.
    public func notificationCount() throws(HistoryError) -> Int {
        try wrap { try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notificationOutbox")! } }
    }

    /// Removes a delivered (or abandoned) notification.
    public func removeNotification(id: Int64) throws(HistoryError) {
        try wrap { try pool.write { db in try db.execute(sql: "DELETE FROM notificationOutbox WHERE id = ?", arguments: [id]) } }
    }

    /// Records a failed attempt and when to try again.
    public func postponeNotification(id: Int64, until date: Date, attempts: Int) throws(HistoryError) {
        try wrap {
            try pool.write { db in
                try db.execute(
                    sql: "UPDATE notificationOutbox SET dueAt = ?, attempts = ? WHERE id = ?",
                    arguments: [date.timeIntervalSince1970, attempts, id])
            }
        }
    }

    /// Drops notifications for sinks no longer configured; returns how many.
    public func removeNotifications(exceptFor sinkKeys: Set<String>) throws(HistoryError) -> Int {
        try wrap {
            try pool.write { db in
                let keys = Array(sinkKeys)
                if keys.isEmpty {
                    try db.execute(sql: "DELETE FROM notificationOutbox")
                } else {
                    let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
                    try db.execute(
                        sql: "DELETE FROM notificationOutbox WHERE sinkKey NOT IN (\(placeholders))", arguments: StatementArguments(keys))
                }
                return db.changesCount
            }
        }
    }
}
