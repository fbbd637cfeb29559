import Foundation
import NetsnapModel

/// The target events (down, recovered) of one stream of snapshots that is not this netsnap's
/// own — a site's, on the wall — judged like its own by `EventDetector`. The first snapshot is
/// the baseline: a target already down then is down quietly, so a restarted wall does not
/// announce again what each site announced long ago.
public struct TargetEventTracker: Sendable {
    private let detector: EventDetector
    private var state = DetectorState()
    private var lastGeneratedAt: Date?

    public init(detector: EventDetector) {
        self.detector = detector
    }

    /// The events of `snapshot` against the ones before; none for a snapshot that is not
    /// newer than the last (the same one seen again counts as no new check).
    public mutating func events(_ snapshot: Snapshot) -> [NetworkEvent] {
        guard let last = lastGeneratedAt else {
            lastGeneratedAt = snapshot.generatedAt
            state.targetsDown = Set(snapshot.targets.filter { !$0.isOnline }.map(\.id.uuidString))
            return []
        }
        guard snapshot.generatedAt > last else { return [] }
        lastGeneratedAt = snapshot.generatedAt
        var events: [NetworkEvent] = []
        detector.detectTargets(snapshot.targets, at: snapshot.generatedAt, state: &state, into: &events)
        return events
    }
}
