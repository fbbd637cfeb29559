import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

/// `incidents.json`: the outages of the last 90 days, newest first — what was affected, from
/// when to when, for how long, why, and a person's note — and `expiresAt` like every output.
public enum IncidentsFeed {
    public static func bytes(_ incidents: [Incident], widgets: WidgetSet, context: FeedContext) -> [UInt8] {
        // Ongoing incidents are measured to the snapshot's time, not the render time, so a
        // cycle that brought nothing new leaves the file untouched.
        let now = widgets.snapshotAt
        return JSONWriter.bytes(
            .object([
                ("snapshotAt", .date(widgets.snapshotAt)),
                ("expiresAt", .date(widgets.expiresAt)),
                ("open", .number(Double(incidents.filter { $0.endedAt == nil }.count))),
                (
                    "incidents",
                    .array(
                        incidents.map { incident in
                            .object([
                                ("id", .number(Double(incident.id))),
                                ("subject", .string(incident.subject.rawValue)),
                                ("targetId", incident.targetID.map { .string($0.uuidString) } ?? .null),
                                ("name", .string(incident.name)),
                                ("title", .string(IncidentText.title(incident, now: now, context.wording))),
                                ("startedAt", .date(incident.startedAt)),
                                ("endedAt", incident.endedAt.map(JSONValue.date) ?? .null),
                                ("durationSeconds", .number(incident.durationSeconds(at: now).rounded())),
                                ("cause", .optional(context.redacted ? incident.publicCause : incident.cause)),
                                ("note", .optional(incident.note)),
                                ("closedByHand", .bool(incident.closedByHand)),
                                ("updatedAt", .date(incident.updatedAt)),
                            ])
                        })
                ),
            ]))
    }
}
