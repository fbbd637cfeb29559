import Foundation
import NetsnapLanguage
import NetsnapModel

/// One notification as it waits in the outbox and goes to a sink: about one event, or a
/// summary of a subject that changed several times within its cooldown.
public struct PushNotification: Sendable, Equatable, Codable {
    /// The event's kind (`targetDown`, …), or `flapping` for a summary.
    public var kind: String
    public var title: String
    public var message: String
    /// When it was raised: the event's time, or the summary's.
    public var time: Date
    /// The snapshot the (last) event was seen in.
    public var snapshotAt: Date
    /// `target`, `device`, `gateway` or `connection`.
    public var subject: String
    /// The target's or device's id, when the subject is one.
    public var subjectID: String?
    /// The target's or device's name, when the subject is one.
    public var subjectName: String?
    /// The event's stable id; nil for a summary.
    public var eventID: String?
    /// A summary's count of changes within the cooldown, the first notification's included.
    public var changes: Int?
    /// ntfy's priority, 1 (min) to 5 (max).
    public var priority: Int
    /// ntfy's tags; known ones show as emoji.
    public var tags: [String]

    static let flappingKind = "flapping"
}

extension PushNotification {
    /// The notification for `event`, in its full or public (redacted) wording.
    init(_ event: NetworkEvent, redacted: Bool) {
        let wording = redacted ? event.publicWording : event.wording
        let style = event.notificationStyle
        kind = event.kind.rawValue
        title = wording.title
        message = wording.text
        time = event.occurredAt
        snapshotAt = event.occurredAt
        subject = style.subject.rawValue
        switch style.subject {
        case .target, .device, .display, .site:
            subjectID = wording.data["targetId"] ?? event.subjectKey
            subjectName = wording.data["name"]
        case .gateway, .connection, .source:
            subjectID = nil
            subjectName = nil
        }
        eventID = event.id
        changes = nil
        priority = style.priority
        tags = style.tags
    }

    /// A summary of `events` (in order, the first already notified) raised at `time`: how
    /// often the subject changed, and how it ended, in `wording`'s language.
    static func summary(
        of events: [NetworkEvent], notifiedFirst first: PushNotification, at time: Date, redacted: Bool, wording: Wording = .posix
    ) -> PushNotification {
        let last = PushNotification(events[events.count - 1], redacted: redacted)
        let changes = events.count + 1
        let minutes = max(1, Int((time.timeIntervalSince(first.time) / 60).rounded()))
        let subject = NetworkEvent.SubjectKind(rawValue: last.subject).map { wording($0.phrase) } ?? last.subject
        var summary = last
        summary.kind = flappingKind
        summary.title = wording(EventPhrase.flapping, ["name": last.subjectName ?? subject])
        summary.message = wording(
            EventCountPhrase.flappingChanges, count: changes, ["minutes": wording.integer(minutes), "title": last.title])
        summary.time = time
        summary.eventID = nil
        summary.changes = changes
        summary.tags = ["repeat"] + last.tags
        return summary
    }
}
