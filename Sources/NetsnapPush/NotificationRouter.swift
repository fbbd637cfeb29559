import Foundation
import NetsnapLanguage
import NetsnapModel

/// Decides which notifications go to which sink and when. Pure: events and the time in,
/// deliveries out; the only state is each subject's cooldown.
///
/// Per sink, the kinds it wants. Per sink, subject and family of kinds (down/recovered…), the
/// first change is sent at once; changes within the cooldown after it are held, and when the
/// cooldown ends they go out as one: the change itself if there was one, else a "flapping"
/// summary. During quiet hours a delivery is due when they end.
struct NotificationRouter: Sendable {
    /// One notification for one sink, not to be sent before `dueAt`.
    struct Delivery: Sendable, Equatable {
        var sinkKey: String
        var notification: PushNotification
        var dueAt: Date
    }

    private struct Window: Sendable {
        var sinkKey: String
        var notifiedAt: Date
        var first: PushNotification
        var held: [NetworkEvent]
    }

    let settings: NotifySettings
    /// The language of the notifications' own words (a flapping summary); an event's come worded.
    let wording: Wording
    private var windows: [String: Window] = [:]

    init(settings: NotifySettings, wording: Wording = .posix) {
        self.settings = settings
        self.wording = wording
    }

    /// Subjects with changes held in a cooldown.
    var heldSubjects: Int { windows.values.reduce(0) { $0 + ($1.held.isEmpty ? 0 : 1) } }

    /// Deliveries for `events` seen at `now` (after any summaries whose cooldown has ended).
    mutating func route(_ events: [NetworkEvent], at now: Date) -> [Delivery] {
        var deliveries = flush(at: now)
        for sink in settings.sinks {
            for event in events where sink.accepts(event.kind) {
                let key = "\(sink.key)|\(event.notificationStyle.family)|\(event.subjectKey)"
                if var window = windows[key], now.timeIntervalSince(window.notifiedAt) < settings.cooldownSeconds {
                    window.held.append(event)
                    windows[key] = window
                    continue
                }
                let notification = PushNotification(event, redacted: settings.redact)
                windows[key] = Window(sinkKey: sink.key, notifiedAt: now, first: notification, held: [])
                deliveries.append(Delivery(sinkKey: sink.key, notification: notification, dueAt: due(now)))
            }
        }
        return deliveries
    }

    /// Deliveries for cooldowns that ended by `now`: the held change, or a summary of several.
    mutating func flush(at now: Date) -> [Delivery] {
        var deliveries: [Delivery] = []
        for key in windows.keys.sorted() {
            guard var window = windows[key], now.timeIntervalSince(window.notifiedAt) >= settings.cooldownSeconds else { continue }
            guard !window.held.isEmpty else {
                windows[key] = nil
                continue
            }
            let notification =
                window.held.count == 1
                ? PushNotification(window.held[0], redacted: settings.redact)
                : PushNotification.summary(
                    of: window.held, notifiedFirst: window.first, at: now, redacted: settings.redact, wording: wording)
            deliveries.append(Delivery(sinkKey: window.sinkKey, notification: notification, dueAt: due(now)))
            window.notifiedAt = now
            window.first = notification
            window.held = []
            windows[key] = window
        }
        return deliveries
    }

    /// `now`, or the end of the quiet hours `now` falls in.
    func due(_ now: Date) -> Date {
        guard let quiet = settings.quietHours else { return now }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = quiet.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: now)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let inside =
            quiet.startMinute < quiet.endMinute
            ? (quiet.startMinute..<quiet.endMinute).contains(minute)
            : minute >= quiet.startMinute || minute < quiet.endMinute
        guard inside else { return now }
        let end = DateComponents(hour: quiet.endMinute / 60, minute: quiet.endMinute % 60)
        return calendar.nextDate(after: now, matching: end, matchingPolicy: .nextTime) ?? now
    }
}
