import Foundation
import GRDB
import NetsnapModel

extension HistoryStore {
    /// Notes whether the newest data (taken at `snapshotAt`) is fresh. The first time it is
    /// not, and the first time it is again, `event` words the transition and it is stored
    /// with the state in one transaction; otherwise nothing is written. The state survives
    /// restarts, so a source that stays lost is reported once.
    public func recordSourceFreshness(
        isFresh: Bool, snapshotAt: Date, event: (SourceTransition) -> NetworkEvent
    ) throws(HistoryError) -> NetworkEvent? {
        try wrap {
            let lostSince = try pool.read { db in try loadDetectorState(db).sourceLostSince }
            guard isFresh == (lostSince != nil) else { return nil }
            return try pool.write { db -> NetworkEvent? in
                var state = try loadDetectorState(db)
                let transition: SourceTransition
                if isFresh {
                    guard let since = state.sourceLostSince else { return nil }
                    transition = .back(lostSince: Date(timeIntervalSince1970: since))
                    state.sourceLostSince = nil
                } else {
                    guard state.sourceLostSince == nil else { return nil }
                    transition = .lost(lastSnapshotAt: snapshotAt)
                    state.sourceLostSince = snapshotAt.timeIntervalSince1970
                }
                let made = event(transition)
                try saveDetectorState(state, db: db)
                try insertEvents([made], db: db)
                return made
            }
        }
    }
}
