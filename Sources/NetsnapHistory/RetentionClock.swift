import Foundation
import NetsnapJSON
import NetsnapModel

/// The time retention prunes by, kept so that a clock jump cannot delete history. A Pi
/// has no real-time clock: it may run a year ahead until NTP steps it back. Pruning by
/// such a clock would delete everything; so a snapshot dated more than `maximumStep`
/// after the last trusted time holds pruning at that time. A clock that stays ahead for
/// `maximumStep`, moving on steadily (a host that was really off for days), is then believed —
/// a clock that jumps again while held starts its day of proof again; one that comes
/// back ends the hold, and its time is trusted even when it is earlier than before. Pure, so every path is tested without a database.
struct RetentionClock: Sendable, Equatable {
    /// The newest time pruning was allowed to use (seconds since 1970); nil before any.
    var trustedAt: Double?
    /// While held: the snapshot time at which the clock was first seen ahead, and the newest
    /// since (a second jump while held starts the day of proof again).
    var heldSince: Double?
    var lastHeldAt: Double?

    /// A day: the largest step between two snapshots that is believed at once.
    static let maximumStep: Double = 86_400

    /// What one advance changed, for a log line said once.
    enum Change: Sendable, Equatable {
        /// Held: the snapshot is dated this many seconds after the last trusted time.
        case jumpedAhead(seconds: Double)
        /// The clock came back within a day of the trusted time.
        case backInLine
        /// The clock stayed ahead for a whole day: believed from now on.
        case accepted(seconds: Double)
    }

    /// Moves the clock for a snapshot taken at `takenAt`; returns the time to prune by and
    /// what changed.
    mutating func advance(to takenAt: Double) -> (pruneAt: Double, change: Change?) {
        guard let trusted = trustedAt else {
            trustedAt = takenAt
            return (takenAt, nil)
        }
        if takenAt <= trusted + Self.maximumStep {
            let change: Change? = heldSince == nil ? nil : .backInLine
            heldSince = nil
            lastHeldAt = nil
            // Backwards too: after a clock that ran ahead is corrected, its time is the truth.
            trustedAt = takenAt
            return (takenAt, change)
        }
        guard let held = heldSince, let last = lastHeldAt, takenAt >= last, takenAt <= last + Self.maximumStep else {
            let first = heldSince == nil
            heldSince = takenAt
            lastHeldAt = takenAt
            return (trusted, first ? .jumpedAhead(seconds: takenAt - trusted) : nil)
        }
        lastHeldAt = takenAt
        if takenAt - held >= Self.maximumStep {
            heldSince = nil
            lastHeldAt = nil
            trustedAt = takenAt
            return (takenAt, .accepted(seconds: takenAt - trusted))
        }
        return (trusted, nil)
    }
}

extension RetentionClock.Change {
    /// The log line: what the clock did and what pruning does about it.
    func wording(trustedAt: Double) -> String {
        let trusted = RFC3339.format(Date(timeIntervalSince1970: trustedAt))
        switch self {
        case .jumpedAhead(let seconds):
            return "the clock is \(Self.span(seconds)) ahead of the history; pruning is held at \(trusted) "
                + "until the clock comes back or stays ahead for a day"
        case .backInLine:
            return "the clock is back in line with the history; pruning resumes by \(trusted)"
        case .accepted(let seconds):
            return "the clock stayed \(Self.span(seconds)) ahead for a day; it is believed and pruning resumes"
        }
    }

    private static func span(_ seconds: Double) -> String {
        seconds >= 86_400 ? String(format: "%.1f days", seconds / 86_400) : String(format: "%.0f min", seconds / 60)
    }
}
