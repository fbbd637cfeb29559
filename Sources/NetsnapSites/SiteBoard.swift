import Foundation
import NetsnapLanguage
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
    /// The wall's language, for names told apart by their ids.
    let wording: Wording
    private var decoded: [String: Decoded] = [:]
    /// Each site's last valid snapshot: rendered again while its newer one is invalid, so its
    /// own pages show their real age instead of standing still.
    private var lastGood: [String: Snapshot] = [:]
    /// Each site's folder name, worked out again only when sites come or go.
    private var knownSlugs: [String: String] = [:]

    init(settings: SitesSettings, widgetOptions: WidgetOptions, wording: Wording = .posix) {
        self.settings = settings
        self.widgetOptions = widgetOptions
        self.wording = wording
    }

    /// Every site, worst first. A netsnap that publishes availability but no snapshot (one
    /// without `publishSnapshot`, the aggregator itself) is no site. While the wall's own
    /// connection is down every site is `unknown`: what the broker said before is no news.
    mutating func judge(_ heard: [String: SiteFeed.Site], link: SiteFeed.Link, now: Date) -> [Judged] {
        let sites = heard.filter { $0.value.snapshot != nil || $0.value.oversized }
        for id in decoded.keys where sites[id] == nil { decoded[id] = nil }
        for id in lastGood.keys where sites[id] == nil { lastGood[id] = nil }
        if knownSlugs.count != sites.count || !sites.keys.allSatisfy({ knownSlugs[$0] != nil }) {
            knownSlugs = SiteSlug.slugs(for: Array(sites.keys))
        }
        let slugs = knownSlugs
        var judged = sites.map { id, site in judge(id: id, slug: slugs[id] ?? "site", site: site, link: link, now: now) }
        SiteNames.distinguish(&judged, wording)
        // Their order, then the sites in it: a thousand sites, each with its snapshot, moved
        // about while sorting cost a wall more than judging them.
        let order = judged.indices.sorted { SiteEntry.worstFirst(judged[$0].entry, judged[$1].entry) }
        return order.map { judged[$0] }
    }

    private mutating func judge(id: String, slug: String, site: SiteFeed.Site, link: SiteFeed.Link, now: Date) -> Judged {
        var entry = SiteEntry(id: id, slug: slug, state: .invalid)
        entry.name = site.name ?? entry.name
        guard MQTTSettings.isNodeID(id) else {
            entry.error = "the site id is not a node id (1 to 64 ASCII letters, digits, '_' or '-')"
            return Judged(entry: entry)
        }
        guard let connectedSince = link.connectedSince else {
            return judgeUnseen(
                entry, site: site, id: id, why: "the wall lost its broker \(Self.ago(link.downSince ?? now, now)) ago", now: now)
        }
        if site.availability == "offline" {
            // Said offline: lost once that has stood lostAfterSeconds with the wall connected;
            // until then unknown (a restart, a broker blip), not what its last snapshot said.
            let said = max(site.offlineSince ?? now, connectedSince)
            guard now.timeIntervalSince(said) >= settings.lostAfterSeconds else {
                return judgeUnseen(
                    entry, site: site, id: id, why: "it said offline \(Self.ago(said, now)) ago (or its last will did)", now: now)
            }
            entry.state = .lost
            entry.error = "the site said it is offline (or its last will arrived) \(Int(settings.lostAfterSeconds)) s ago or more"
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
        }
        describe(snapshot, into: &entry, now: now)
        guard entry.state != .lost else { return Judged(entry: entry, snapshot: snapshot) }
        // Silence counts only while the wall could have heard: not before its connection began.
        let heardAt = max(site.heardAt ?? snapshot.generatedAt, connectedSince)
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

    /// A site the wall cannot vouch for (its own connection is down, or the site said offline
    /// too recently to be lost): `unknown`, with what its last valid snapshot said (counts and
    /// age), so the wall still shows what it last knew.
    private mutating func judgeUnseen(_ unseen: SiteEntry, site: SiteFeed.Site, id: String, why: String, now: Date) -> Judged {
        var entry = unseen
        entry.state = .unknown
        entry.error = "unknown: \(why)"
        let snapshot = site.snapshot.flatMap { try? decode(id: id, payload: $0, generation: site.generation).get() } ?? lastGood[id]
        if let snapshot { describe(snapshot, into: &entry, now: now) }
        return Judged(entry: entry, snapshot: snapshot)
    }

    /// Fills the entry's age and counts from a valid snapshot; its name is the site's own
    /// (`site.name`) or its id, never its Wi-Fi's, which two sites may share and which comes and goes.
    private func describe(_ snapshot: Snapshot, into entry: inout SiteEntry, now: Date) {
        entry.snapshotAt = snapshot.generatedAt
        // As every JSON output says when its data goes stale: the site's, when its snapshot does.
        entry.expiresAt = snapshot.generatedAt.addingTimeInterval(widgetOptions.freshnessSeconds)
        entry.ageSeconds = max(0, now.timeIntervalSince(snapshot.generatedAt))
        // By index: a wall counts every site's devices every cycle, and copies none of them.
        entry.targetsUp = snapshot.targets.indices.count { snapshot.targets[$0].isOnline }
        entry.targetsDown = snapshot.targets.count - entry.targetsUp
        entry.devicesActive = snapshot.devices.indices.count { snapshot.devices[$0].status == .active }
        entry.devicesTotal = snapshot.devices.count
    }

    private mutating func decode(id: String, payload: [UInt8], generation: Int) -> Result<Snapshot, SnapshotError> {
        if let known = decoded[id], known.generation == generation { return known.result }
        let result = Result { () throws(SnapshotError) in try SnapshotDecoder.decode(payload) }
        decoded[id] = Decoded(generation: generation, result: result)
        if case .success(let valid) = result { lastGood[id] = valid }
        return result
    }

    /// "1 min", how long ago `date` was.
    static func ago(_ date: Date, _ now: Date) -> String { AgeText.age(max(0, now.timeIntervalSince(date))) }

    /// The contract's first issue with its JSON path, and how many more there are.
    static func describe(_ error: SnapshotError) -> String {
        guard let first = error.issues.first else { return error.description }
        let more = error.issues.count - 1
        return "\(first)" + (more > 0 ? " (and \(more) more)" : "")
    }
}
