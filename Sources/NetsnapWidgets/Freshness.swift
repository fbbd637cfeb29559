import Foundation

/// How current a snapshot's data is at one moment, judged the same way by every surface:
/// fresh within its freshness window; stale past it, with its age; or dated so far ahead of
/// the render time that a clock must be wrong — never shown as fresh either.
public enum Freshness: Sendable, Equatable {
    case fresh
    /// Past the freshness window; the age counts from the snapshot time.
    case stale(ageSeconds: Double)
    /// Dated more than `clockSkewTolerance` after the render time.
    case clockAhead(aheadSeconds: Double)

    /// How far a snapshot may be dated after the render time before a clock is taken to
    /// be wrong: a little skew between a producer and this host is normal.
    public static let clockSkewTolerance = 120.0

    /// The freshness at `date` of data taken at `snapshotAt` that expires at `expiresAt`.
    public init(snapshotAt: Date, expiresAt: Date, at date: Date) {
        let age = date.timeIntervalSince(snapshotAt)
        if age < -Self.clockSkewTolerance {
            self = .clockAhead(aheadSeconds: -age)
        } else {
            self = date > expiresAt ? .stale(ageSeconds: age) : .fresh
        }
    }

    /// True for anything but `.fresh`: stale and clock-ahead data both look stale.
    public var isStale: Bool { self != .fresh }

    /// The word for machines: `fresh`, `stale` or `clockAhead`.
    public var name: String {
        switch self {
        case .fresh: "fresh"
        case .stale: "stale"
        case .clockAhead: "clockAhead"
        }
    }
}
