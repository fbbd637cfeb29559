import Foundation
import Testing

@testable import NetsnapHistory

@Suite struct OutboxTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func notificationsWaitUntilDueAndSurviveAReopen() throws {
        let path = HistoryFixtures.temporaryDatabase()
        do {
            let store = try HistoryStore(path: path)
            let dropped = try store.enqueueNotifications(
                [
                    (sinkKey: "ntfy a", body: Array("one".utf8), dueAt: now),
                    (sinkKey: "webhook b", body: Array("two".utf8), dueAt: now + 60),
                ],
                createdAt: now, limit: 10)
            #expect(dropped.isEmpty)
        }
        let store = try HistoryStore(path: path)
        #expect(try store.notificationCount() == 2)
        #expect(try store.nextNotificationDue() == now)
        let due = try store.dueNotifications(at: now, limit: 10)
        #expect(due.map(\.sinkKey) == ["ntfy a"])
        #expect(due.first?.body == Array("one".utf8))
        #expect(due.first?.attempts == 0)
        try store.postponeNotification(id: due[0].id, until: now + 120, attempts: 1)
        #expect(try store.dueNotifications(at: now + 61, limit: 10).map(\.sinkKey) == ["webhook b"])
        #expect(try store.dueNotifications(at: now + 120, limit: 10).map(\.attempts) == [0, 1])
        try store.removeNotification(id: due[0].id)
        #expect(try store.notificationCount() == 1)
    }

    @Test func aFullOutboxDropsTheOldest() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        _ = try store.enqueueNotifications(
            (0..<3).map { (sinkKey: "ntfy a", body: [UInt8($0)], dueAt: now) }, createdAt: now, limit: 3)
        let dropped = try store.enqueueNotifications(
            [(sinkKey: "webhook b", body: [9], dueAt: now), (sinkKey: "webhook b", body: [10], dueAt: now)], createdAt: now, limit: 3)
        #expect(dropped == ["ntfy a", "ntfy a"])
        #expect(try store.dueNotifications(at: now, limit: 10).map(\.body) == [[2], [9], [10]])
    }

    @Test func notificationsForSinksNoLongerConfiguredAreDropped() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        _ = try store.enqueueNotifications(
            [(sinkKey: "ntfy a", body: [1], dueAt: now), (sinkKey: "ntfy old", body: [2], dueAt: now)], createdAt: now, limit: 10)
        #expect(try store.removeNotifications(exceptFor: ["ntfy a"]) == 1)
        #expect(try store.removeNotifications(exceptFor: []) == 1)
        #expect(try store.notificationCount() == 0)
    }
}
