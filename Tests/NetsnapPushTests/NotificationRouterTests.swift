import Foundation
import NetsnapModel
import Testing

@testable import NetsnapPush

@Suite struct NotificationRouterTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let ntfy = NotifySettings.Sink(kind: .ntfy, url: URL(string: "http://127.0.0.1:9/alerts")!)
    let hook = NotifySettings.Sink(
        kind: .webhook, url: URL(string: "http://127.0.0.1:9/hook")!, kinds: [.targetDown, .targetRecovered])

    func settings(_ sinks: [NotifySettings.Sink]) -> NotifySettings {
        var settings = NotifySettings()
        settings.sinks = sinks
        settings.cooldownSeconds = 300
        return settings
    }

    func event(_ kind: NetworkEvent.Kind, _ seconds: Double, subject: String = "11111111-2222-3333-4444-555555555555") -> NetworkEvent {
        let name = "NAS"
        let title = kind == .targetDown ? "\(name) is down" : kind == .targetRecovered ? "\(name) recovered" : "New device: Phone"
        return NetworkEvent(
            kind: kind, occurredAt: start.addingTimeInterval(seconds), subjectKey: subject,
            wording: .init(title: title, text: "\(name) (192.168.1.10) changed.", data: ["targetId": subject, "name": name]),
            publicWording: .init(title: title, text: "\(name) changed.", data: ["targetId": subject, "name": name]))
    }

    @Test func aFirstChangeGoesOutAtOnce() {
        var router = NotificationRouter(settings: settings([ntfy]))
        let deliveries = router.route([event(.targetDown, 0)], at: start)
        #expect(deliveries.count == 1)
        #expect(deliveries[0].sinkKey == ntfy.key)
        #expect(deliveries[0].dueAt == start)
        #expect(deliveries[0].notification.kind == "targetDown")
        #expect(deliveries[0].notification.title == "NAS is down")
        #expect(deliveries[0].notification.subject == "target")
        #expect(deliveries[0].notification.subjectName == "NAS")
        #expect(deliveries[0].notification.priority == 4)
    }

    @Test func flappingNotifiesOnceThenOnceMoreWithASummary() {
        var router = NotificationRouter(settings: settings([ntfy]))
        var sent: [NotificationRouter.Delivery] = []
        let kinds: [NetworkEvent.Kind] = [.targetDown, .targetRecovered, .targetDown, .targetRecovered, .targetDown]
        for (index, kind) in kinds.enumerated() {
            let seconds = Double(index) * 30
            sent += router.route([event(kind, seconds)], at: start.addingTimeInterval(seconds))
        }
        #expect(sent.count == 1)
        #expect(router.flush(at: start.addingTimeInterval(299)).isEmpty)
        let summary = router.flush(at: start.addingTimeInterval(300))
        #expect(summary.count == 1)
        #expect(summary[0].notification.kind == "flapping")
        #expect(summary[0].notification.changes == 5)
        #expect(summary[0].notification.title == "NAS is flapping")
        #expect(summary[0].notification.message == "5 changes in 5 min; now: NAS is down.")
        #expect(summary[0].notification.eventID == nil)
        // The cooldown starts again from the summary.
        #expect(router.route([event(.targetRecovered, 310)], at: start.addingTimeInterval(310)).isEmpty)
        #expect(router.flush(at: start.addingTimeInterval(600)).map(\.notification.kind) == ["targetRecovered"])
        #expect(router.flush(at: start.addingTimeInterval(1200)).isEmpty)
    }

    @Test func oneHeldChangeGoesOutAsItselfWhenTheCooldownEnds() {
        var router = NotificationRouter(settings: settings([ntfy]))
        _ = router.route([event(.targetDown, 0)], at: start)
        #expect(router.route([event(.targetRecovered, 60)], at: start.addingTimeInterval(60)).isEmpty)
        let later = router.route([], at: start.addingTimeInterval(301))
        #expect(later.map(\.notification.kind) == ["targetRecovered"])
        #expect(later[0].notification.changes == nil)
    }

    @Test func afterTheCooldownAChangeGoesOutAtOnceAgain() {
        var router = NotificationRouter(settings: settings([ntfy]))
        _ = router.route([event(.targetDown, 0)], at: start)
        #expect(router.route([event(.targetRecovered, 400)], at: start.addingTimeInterval(400)).count == 1)
    }

    @Test func subjectsAndFamiliesHaveTheirOwnCooldowns() {
        var router = NotificationRouter(settings: settings([ntfy]))
        _ = router.route([event(.targetDown, 0)], at: start)
        let other = router.route(
            [event(.targetDown, 10, subject: "99999999-2222-3333-4444-555555555555"), event(.newDevice, 10, subject: "phone")],
            at: start.addingTimeInterval(10))
        #expect(other.count == 2)
    }

    @Test func eachSinkGetsOnlyTheKindsItAskedFor() {
        var router = NotificationRouter(settings: settings([ntfy, hook]))
        let deliveries = router.route([event(.targetDown, 0), event(.newDevice, 0, subject: "phone")], at: start)
        #expect(deliveries.filter { $0.sinkKey == ntfy.key }.count == 2)
        #expect(deliveries.filter { $0.sinkKey == hook.key }.map(\.notification.kind) == ["targetDown"])
    }

    @Test func redactedSettingsUseThePublicWording() {
        var settings = settings([ntfy])
        settings.redact = true
        var router = NotificationRouter(settings: settings)
        #expect(router.route([event(.targetDown, 0)], at: start).first?.notification.message == "NAS changed.")
    }

    @Test func quietHoursHoldDeliveriesUntilTheyEnd() throws {
        var settings = settings([ntfy])
        let zone = try #require(TimeZone(identifier: "Europe/Zurich"))
        settings.quietHours = .init(startMinute: 22 * 60, endMinute: 7 * 60, timeZone: zone)
        let router = NotificationRouter(settings: settings)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let night = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 21, hour: 23, minute: 30)))
        let morning = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 7, minute: 0)))
        let earlyMorning = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 6, minute: 59)))
        let day = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 12, minute: 0)))
        #expect(router.due(night) == morning)
        #expect(router.due(earlyMorning) == morning)
        #expect(router.due(morning) == morning)
        #expect(router.due(day) == day)
    }
}
