import Foundation
import NetsnapHistory
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapPush

/// Turns the wall's states from one cycle to the next into events: *site lost*, *site back*,
/// *site invalid*, and from a site's own overall status *site degraded*, *site offline* and
/// *site recovered*. A site first seen sets its baseline quietly unless it is invalid, so a
/// restarted aggregator does not announce again every site that was already lost or down.
/// Ids that are not node ids make no event (they are refused or shown invalid, and logged).
/// With `forwardEvents`, each site's own target events follow, prefixed with its name.
/// While the wall cannot see a site (`unknown`) nothing is said of it and what was known is
/// kept, so a broker restart is no *lost* and *back*; the outage itself is one event, told
/// when the wall's connection is back. A site that leaves the wall is *removed*.
public struct SiteTransitions: Sendable {
    private var last: [String: SiteState] = [:]
    /// Each site's name as last shown, for the *removed* event of one that left.
    private var names: [String: String] = [:]
    /// The wall's last outage already told.
    private var toldOutage: ClosedRange<Date>?
    /// Each site's last overall status (online, degraded, offline): a stale or lost spell in
    /// between is no change of health.
    private var lastHealth: [String: SiteState] = [:]
    private let forwarding: EventDetector?
    private var trackers: [String: TargetEventTracker] = [:]
    /// The language the events are worded in.
    private let wording: Wording

    /// `forwarding`: the detector that judges sites' targets, nil to leave them to each site.
    public init(forwarding: EventDetector? = nil, wording: Wording = .posix) {
        self.forwarding = forwarding
        self.wording = wording
    }

    private static let health: Set<SiteState> = [.online, .degraded, .offline]

    /// The events of `entries` against the last cycle's states; `snapshots` (each site's
    /// newest valid one, by id) feed the forwarded target events.
    public mutating func events(
        _ entries: [SiteEntry], snapshots: [String: Snapshot] = [:], link: SiteFeed.Link? = nil, now: Date
    ) -> [NetworkEvent] {
        var events = outage(link, now: now)
        var states: [String: SiteState] = [:]
        let present = Set(entries.map(\.id))
        for (id, state) in last where !present.contains(id) && state != .invalid {
            events.append(removed(id: id, now: now))
        }
        for entry in entries where MQTTSettings.isNodeID(entry.id) {
            names[entry.id] = entry.name
            guard entry.state != .unknown else {
                states[entry.id] = last[entry.id]
                continue
            }
            states[entry.id] = entry.state
            let before = last[entry.id]
            if entry.state == .invalid, before != .invalid {
                events.append(event(.siteInvalid, .siteInvalid, entry, now: now))
            } else if entry.state == .lost, let before, before != .lost {
                events.append(event(.siteLost, .siteLost, entry, now: now))
            } else if before == .lost, entry.state != .lost {
                events.append(event(.siteBack, .siteBack, entry, now: now))
            } else if let change = healthChange(entry, now: now) {
                events.append(change)
            }
            if Self.health.contains(entry.state) { lastHealth[entry.id] = entry.state }
            if forwarding != nil, let snapshot = snapshots[entry.id] { events += forwarded(snapshot, of: entry) }
        }
        last = states
        names = names.filter { present.contains($0.key) }
        lastHealth = lastHealth.filter { states[$0.key] != nil }
        trackers = trackers.filter { states[$0.key] != nil }
        return events
    }

    /// The wall's connection came back after an outage: one event, with how long it was away.
    private mutating func outage(_ link: SiteFeed.Link?, now: Date) -> [NetworkEvent] {
        guard let outage = link?.lastOutage, outage != toldOutage else { return [] }
        toldOutage = outage
        let seconds = outage.upperBound.timeIntervalSince(outage.lowerBound)
        let age = wording.age(seconds)
        let told = NetworkEvent.Wording(
            title: wording(EventPhrase.brokerUnreachable, ["age": age]), text: wording(EventPhrase.brokerOutage, ["age": age]),
            data: ["seconds": String(Int(seconds.rounded())), "since": RFC3339.format(outage.lowerBound)])
        return [NetworkEvent(kind: .sitesBrokerOutage, occurredAt: outage.upperBound, subjectKey: "broker", wording: told)]
    }

    /// A site that left the wall: its incident closes.
    private func removed(id: String, now: Date) -> NetworkEvent {
        let name = names[id] ?? id
        let told = NetworkEvent.Wording(
            title: wording(EventPhrase.siteRemoved, ["name": name]), text: wording(EventPhrase.siteLeftWall, ["name": name, "id": id]),
            data: ["site": id, "name": name])
        return NetworkEvent(kind: .siteRemoved, occurredAt: now, subjectKey: id, wording: told)
    }

    /// Degraded, offline or recovered, when the site's own status changed since it was last known.
    private func healthChange(_ entry: SiteEntry, now: Date) -> NetworkEvent? {
        guard Self.health.contains(entry.state), let before = lastHealth[entry.id], before != entry.state else { return nil }
        switch entry.state {
        case .degraded: return event(.siteDegraded, .siteDegraded, entry, now: now)
        case .offline: return event(.siteOffline, .siteOffline, entry, now: now)
        default: return event(.siteRecovered, .siteRecovered, entry, now: now)
        }
    }

    /// The site's own target events, told as the wall's: its name before each, its id in the subject.
    private mutating func forwarded(_ snapshot: Snapshot, of entry: SiteEntry) -> [NetworkEvent] {
        guard let forwarding else { return [] }
        var tracker = trackers[entry.id] ?? TargetEventTracker(detector: forwarding)
        let events = tracker.events(snapshot)
        trackers[entry.id] = tracker
        return events.map { event in
            let target = event.wording.data["targetId"] ?? event.id
            return NetworkEvent(
                kind: event.kind, occurredAt: event.occurredAt, subjectKey: "\(entry.id)/\(target)",
                wording: prefixed(event.wording, entry), publicWording: prefixed(event.publicWording, entry))
        }
    }

    private func prefixed(_ told: NetworkEvent.Wording, _ entry: SiteEntry) -> NetworkEvent.Wording {
        var data = told.data
        data["site"] = entry.id
        data["siteName"] = entry.name
        data["name"] = "\(entry.name): \(data["name"] ?? "target")"
        return .init(
            title: wording(EventPhrase.siteEventTitle, ["site": entry.name, "title": told.title]),
            text: wording(EventPhrase.siteEventText, ["site": entry.name, "text": told.text]), data: data)
    }

    private func event(_ kind: NetworkEvent.Kind, _ title: EventPhrase, _ entry: SiteEntry, now: Date) -> NetworkEvent {
        let text =
            entry.error.map { wording(EventPhrase.siteBecause, ["name": entry.name, "id": entry.id, "reason": wording.reason($0)]) }
            ?? wording(EventPhrase.siteInState, ["name": entry.name, "id": entry.id, "state": wording(entry.state.phrase)])
        let told = NetworkEvent.Wording(
            title: wording(title, ["name": entry.name]), text: text,
            data: ["site": entry.id, "name": entry.name, "state": entry.state.rawValue])
        return NetworkEvent(kind: kind, occurredAt: now, subjectKey: entry.id, wording: told)
    }
}
