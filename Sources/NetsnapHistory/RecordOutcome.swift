import NetsnapModel

/// What recording one snapshot gave.
public struct RecordOutcome: Sendable, Equatable {
    /// The snapshot with each device's stable id and earliest `firstSeen` from history.
    public var snapshot: Snapshot
    /// Events detected against the previous snapshots.
    public var events: [NetworkEvent]
    /// False when a snapshot with the same `generatedAt` was already stored (a re-read file).
    public var isNew: Bool
}
