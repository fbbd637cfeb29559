import NetsnapModel

/// What recording one snapshot gave.
public struct RecordOutcome: Sendable, Equatable {
    /// The snapshot with each device's stable id and earliest `firstSeen` from history.
    public var snapshot: Snapshot
    /// Events detected against the previous snapshots.
    public var events: [NetworkEvent]
    /// False when a snapshot with the same `generatedAt` was already stored (a re-read file).
    public var isNew: Bool
    /// Said once when the clock jumped ahead of the history (pruning held), came back, or was
    /// believed after a day ahead; nil otherwise.
    public var clockNote: String?

    public init(snapshot: Snapshot, events: [NetworkEvent], isNew: Bool, clockNote: String? = nil) {
        self.snapshot = snapshot
        self.events = events
        self.isNew = isNew
        self.clockNote = clockNote
    }
}
