import Foundation
import NetsnapModel
import NetsnapPush
import NetsnapWidgets

/// Judges what the feed heard into one entry per site. Each snapshot payload is decoded once
/// (by its generation), strictly, like any input: whatever a site sends harms only its own entry.
struct SiteBoard {
    /// A site judged: its entry, and its snapshot when it had a valid one.
    struct Judged: Sendable {
        var entry: SiteEntry
        var snapshot: Snapshot?
    }

    private struct Decoded {
        var generation: Int
        var result: Result<Snapshot, SnapshotError>
    }

    let settings: SitesSettings
    let widgetOptions: WidgetOptions
    private var decoded: [String: Decoded] = [:]
    /// Each site's last valid snapshot: rendered again while its newer one is invalid, so its
    /// own pages show their real age instead of standing still.
    private var lastGood: [String: Snapshot] = [:]

    init(settings: SitesSettings, widgetOptions: WidgetOptions) {
        self.settings = settings
        self.widgetOptions = widgetOptions
    }

    /// Every site, worst first. A netsnap that publishes availability but no snapshot (one
    /// without `publishSnapshot`, the aggregator itself) is no site.
    mutating func judge(_ heard: [String: SiteFeed.Site], now: Date) -> [Judged] {
        let sites = heard.filter { $0.value.snapshot != nil || $0.value.oversized }
        decoded = decoded.filter { sites[$0.key] != nil }
        lastGood = lastGood.filter { sites[$0.key] != nil }
        let slugs = SiteSlug.slugs(for: Array(sites.keys))
        let judged = sites.map { id, site in judge(id: id, slug: slugs[id] ?? "site", site: site, now: now) }
        return judged.sorted { SiteEntry.worstFirst($0.entry, $1.entry) }
    }

    private mutating func judge(id: String, slug: String, site: SiteFeed.Site, now: Date) -> Judged {
        var entry = SiteEntry(id: id, slug: slug, state: .invalid)
        guard MQTTSettings.isNodeID(id) else {
            entry.error = "the site id is not a node id (1 to 64 ASCII letters, digits, '_' or '-')"
            return Judged(entry: entry)
        }
        if site.availability == "offline" {
            entry.state = .lost
            entry.error = "the site said it is offline (or its last will arrived)"
        }
        if site.oversized {
            entry.error = "snapshot larger than \(settings.maximumSnapshotBytes) bytes: refused"
            return Judged(entry: entry, snapshot: lastGood[id])
        }
        guard let payload = site.snapshot else { return Judged(entry: entry) }
        let snapshot: Snapshot
        switch decode(id: id, payload: payload, generation: site.generation) {
        case .failure(let error):
            entry.error = Self.describe(error)
            return Judged(entry: entry, snapshot: lastGood[id])
        case .success(let valid):
            snapshot = valid
            lastGood[id] = valid
        }
        describe(snapshot, into: &entry, now: now)
        guard entry.state != .lost else { return Judged(entry: entry, snapshot: snapshot) }
        let heardAt = site.heardAt ?? snapshot.generatedAt
        if site.availability != "online", now.timeIntervalSince(heardAt) > settings.freshnessSeconds {
            entry.state = .lost
            entry.error = "no snapshot for more than \(Int(settings.freshnessSeconds)) s"
        } else if now.timeIntervalSince(snapshot.generatedAt) > widgetOptions.freshnessSeconds {
            // The site's snapshot is older than widgets promise to stay fresh (its source stalled).
            entry.state = .stale
        } else {
            entry.state = SiteState(rawValue: StatusRules.overall(snapshot, options: widgetOptions).rawValue) ?? .offline
        }
        return Judged(entry: entry, snapshot: snapshot)
    }

    /// Fills the entry's name, age and counts from a valid snapshot.
    private func describe(_ snapshot: Snapshot, into entry: inout SiteEntry, now: Date) {
        let names = [snapshot.status.ssid, snapshot.source?.name].compactMap { $0 }.filter { !$0.isEmpty }
        entry.name = names.first ?? entry.name
        entry.snapshotAt = snapshot.generatedAt
        entry.ageSeconds = max(0, now.timeIntervalSince(snapshot.generatedAt))
        entry.targetsUp = snapshot.targets.filter(\.isOnline).count
        entry.targetsDown = snapshot.targets.count - entry.targetsUp
        entry.devicesActive = snapshot.devices.filter { $0.status == .active }.count
        entry.devicesTotal = snapshot.devices.count
    }

    private mutating func decode(id: String, payload: [UInt8], generation: Int) -> Result<Snapshot, SnapshotError> {
        if let known = decoded[id], known.generation == generation { return known.result }
        let result = Result { () throws(SnapshotError) in try SnapshotDecoder.decode(payload) }
        decoded[id] = Decoded(generation: generation, result: result)
        return result
    }

    /// The contract's first issue with its JSON path, and how many more there are.
    static func describe(_ error: SnapshotError) -> String {
        guard let first = error.issues.first else { return error.description }
        let more = error.issues.count - 1
        return "\(first)" + (more > 0 ? " (and \(more) more)" : "")
    }
}
