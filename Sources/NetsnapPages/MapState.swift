import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// How the map marks a device: new (first seen in the last day), else active, else inactive
/// (idle or offline). New wins, as on Fing's map: a stranger is news even when it left.
public enum MapState: String, Sendable, CaseIterable {
    case new, active, inactive

    /// How recently first seen counts as new.
    public static let newWithinSeconds: TimeInterval = 24 * 3600

    /// `device`'s state in a snapshot taken at `snapshotAt` (not the render time: the map
    /// shows what the snapshot knew).
    public init(_ device: LocalDevice, snapshotAt: Date) {
        let sinceFirstSeen = snapshotAt.timeIntervalSince(device.firstSeen)
        if sinceFirstSeen >= 0, sinceFirstSeen < Self.newWithinSeconds {
            self = .new
        } else {
            self = device.status == .active ? .active : .inactive
        }
    }

    public var phrase: MapPhrase {
        switch self {
        case .new: .new
        case .active: .active
        case .inactive: .inactive
        }
    }
}
