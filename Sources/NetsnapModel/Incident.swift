import Foundation

/// An outage as a status page lists it: what was affected, from when to when, why, and a
/// person's note. Opened by a down event (a target, the connection, the data source), closed
/// by its recovery or by hand.
public struct Incident: Sendable, Equatable {
    /// What an incident is about.
    public enum Subject: String, Sendable, Equatable {
        case target, connection, source
        /// A site of a wall (`watch --sites`): lost, or its own network offline.
        case site
    }

    public var id: Int64
    public var subject: Subject
    /// The target's id, for a target's incident.
    public var targetID: UUID?
    /// What was affected ("NAS", "Connection", "Data source").
    public var name: String
    public var startedAt: Date
    /// Nil while it lasts.
    public var endedAt: Date?
    /// Why, as the producer said (the target's last error); the public one leaves out a
    /// reason naming the host.
    public var cause: String?
    public var publicCause: String?
    public var note: String?
    /// Closed with `netsnap incident close` rather than seen to end.
    public var closedByHand: Bool
    /// The last change: opened, closed or noted.
    public var updatedAt: Date

    public init(
        id: Int64, subject: Subject, targetID: UUID?, name: String, startedAt: Date, endedAt: Date?, cause: String?,
        publicCause: String?, note: String?, closedByHand: Bool, updatedAt: Date
    ) {
        self.id = id
        self.subject = subject
        self.targetID = targetID
        self.name = name
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.cause = cause
        self.publicCause = publicCause
        self.note = note
        self.closedByHand = closedByHand
        self.updatedAt = updatedAt
    }

    /// How long it lasted, or has lasted by `now`.
    public func durationSeconds(at now: Date) -> Double { max(0, (endedAt ?? now).timeIntervalSince(startedAt)) }
}
