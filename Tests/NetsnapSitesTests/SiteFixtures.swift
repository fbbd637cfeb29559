import Foundation
import NetsnapModel
import NetsnapTestSupport

@testable import NetsnapSites

/// The wall's test sites: an entry named after its id, and a site's snapshot with its NAS up
/// or down.
enum SiteFixtures {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func entry(_ id: String, _ state: SiteState) -> SiteEntry {
        var entry = SiteEntry(id: id, slug: id, state: state)
        entry.name = id.capitalized
        return entry
    }

    static func snapshot(nasOnline: Bool, at seconds: Double) -> Snapshot {
        let at = start.addingTimeInterval(seconds)
        return Snapshot(
            generatedAt: at, status: NetworkStatus(connectionType: .wifi, updatedAt: at),
            targets: [
                SnapshotFixtures.icmpTarget(SnapshotFixtures.nasID, "NAS", host: "nas.lan", online: nasOnline, latency: nil, checkedAt: at)
            ])
    }
}
