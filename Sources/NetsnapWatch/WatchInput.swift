import NetsnapLanguage
import NetsnapModel

/// Where `watch` takes each cycle's snapshot from.
public enum WatchInput: Sendable {
    /// A snapshot file another program rewrites; re-read every cycle.
    case document(path: String)
    /// A live JSON Lines message stream (a NetMonitor Mac over the live link, a script, a
    /// file), folded as it arrives.
    case messages(LiveMessageStream)
    /// A producer such as the local gatherer.
    case producer(@Sendable () async throws -> Snapshot)
    /// The embedded sample, re-dated each cycle (for trying things out).
    case sample
}

extension WatchInput {
    /// What the source is, in `wording`'s words for events.
    func sourceDescription(_ wording: Wording) -> String {
        switch self {
        case .document: wording(EventPhrase.snapshotFile)
        case .messages(let stream): stream.sourceName ?? wording(EventPhrase.messageStream)
        case .producer: wording(EventPhrase.gatherer)
        case .sample: wording(EventPhrase.sample)
        }
    }
}
