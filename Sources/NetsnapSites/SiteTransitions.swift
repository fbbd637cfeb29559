import Foundation
import NetsnapModel
import NetsnapPush

/// Turns the wall's states from one cycle to the next into events: *site lost*, *site back*,
/// *site invalid*. A site first seen sets its baseline quietly unless it is invalid, so a
/// restarted aggregator does not announce again every site that was already lost. Ids that
/// are not node ids make no event (they are refused or shown invalid, and logged).
public struct SiteTransitions: Sendable {
    private var last: [String: SiteState] = [:]

    public init() {}

    /// The events of `entries` against the last cycle's states.
    public mutating func events(_ entries: [SiteEntry], now: Date) -> [NetworkEvent] {
        var events: [NetworkEvent] = []
        var states: [String: SiteState] = [:]
        for entry in entries where MQTTSettings.isNodeID(entry.id) {
            states[entry.id] = entry.state
            let before = last[entry.id]
            if entry.state == .invalid, before != .invalid {
                events.append(event(.siteInvalid, "Site invalid", entry, now: now))
            } else if entry.state == .lost, let before, before != .lost {
                events.append(event(.siteLost, "Site lost", entry, now: now))
            } else if before == .lost, entry.state != .lost {
                events.append(event(.siteBack, "Site back", entry, now: now))
            }
        }
        last = states
        return events
    }

    private func event(_ kind: NetworkEvent.Kind, _ title: String, _ entry: SiteEntry, now: Date) -> NetworkEvent {
        let reason = entry.error.map { ": \($0)" } ?? " (\(entry.state.rawValue))"
        let wording = NetworkEvent.Wording(
            title: "\(title): \(entry.name)", text: "Site \(entry.name) (\(entry.id))\(reason).",
            data: ["site": entry.id, "name": entry.name, "state": entry.state.rawValue])
        return NetworkEvent(kind: kind, occurredAt: now, subjectKey: entry.id, wording: wording)
    }
}
