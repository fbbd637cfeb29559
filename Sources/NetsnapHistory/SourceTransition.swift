import Foundation

/// The source's data crossing its freshness window, one way or the other.
public enum SourceTransition: Sendable, Equatable {
    /// The data went stale; `lastSnapshotAt` is when the newest data was taken.
    case lost(lastSnapshotAt: Date)
    /// Fresh data again after the source was lost since `lostSince` (its last data then).
    case back(lostSince: Date)
}
