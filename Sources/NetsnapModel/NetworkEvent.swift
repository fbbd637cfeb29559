import Foundation

/// Something that changed between snapshots: a target went down, a device appeared…
/// Detected by the history module, published by the feeds. Each event carries a public
/// wording too, without addresses or hostnames, for redacted outputs.
public struct NetworkEvent: Sendable, Equatable, Identifiable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        case targetDown, targetRecovered, latencyHigh, latencyNormal, newDevice, deviceGone, gatewayChanged
        case connectionLost, connectionRestored
        /// The data stopped coming (a file nobody rewrites, a quiet stream, a failing gatherer)
        /// and went past its freshness window; and fresh data again.
        case sourceLost, sourceBack
        /// A wall display (TRMNL) ran low, fell silent (missed three wakes) or came back.
        case displayBatteryLow, displaySilent, displayBack
        /// The history database was found corrupt, moved aside and started afresh.
        case historyReset
        /// A site of the wall (`watch --sites`) was lost (its last will, or silence past its
        /// freshness window), came back, or sent a snapshot that breaks the contract.
        case siteLost, siteBack, siteInvalid
        /// A target that answers lost more of its echoes, or varied more, than the thresholds
        /// allow (`lossThresholdPercent`, `jitterThresholdMs`); and within them again.
        case targetDegraded, targetHealthy
        /// A site's own network turned degraded or offline, and online again.
        case siteDegraded, siteOffline, siteRecovered
        /// A site left the wall (`sites forget` cleared its topics): its open incident closes.
        case siteRemoved
        /// The wall could not reach its sites' broker for a while (told once, when it is back,
        /// with how long): its sites were unknown meanwhile, not lost.
        case sitesBrokerOutage
        /// The line's measured speed stayed under `speed.alertBelowMbps` for
        /// `speed.alertAfterRuns` measurements in a row; and a measurement over it again.
        case speedLow, speedNormal
    }

    /// Title, text and machine data of an event, in one wording.
    public struct Wording: Sendable, Equatable, Codable {
        public var title: String
        public var text: String
        /// The feed's `_netsnap` object: flat strings.
        public var data: [String: String]

        public init(title: String, text: String, data: [String: String] = [:]) {
            self.title = title
            self.text = text
            self.data = data
        }
    }

    /// Stable across runs: kind, subject and time, so a feed reader never sees an item twice.
    public var id: String
    public var kind: Kind
    public var occurredAt: Date
    /// The full wording, with addresses and hostnames.
    public var wording: Wording
    /// The wording for redacted outputs.
    public var publicWording: Wording

    /// A new event about `subjectKey` (a target id, a device key, "gateway", "connection").
    public init(kind: Kind, occurredAt: Date, subjectKey: String, wording: Wording, publicWording: Wording? = nil) {
        self.init(
            id: "\(kind.rawValue):\(subjectKey):\(Int64(occurredAt.timeIntervalSince1970))", kind: kind,
            occurredAt: occurredAt, wording: wording, publicWording: publicWording ?? wording)
    }

    /// A stored event as it was.
    public init(id: String, kind: Kind, occurredAt: Date, wording: Wording, publicWording: Wording) {
        self.id = id
        self.kind = kind
        self.occurredAt = occurredAt
        self.wording = wording
        self.publicWording = publicWording
    }

    /// Tags for feed readers: the kind and whether it is good or bad news.
    public var tags: [String] {
        switch kind {
        case .targetDown, .targetDegraded, .latencyHigh, .deviceGone, .connectionLost, .sourceLost, .historyReset, .displayBatteryLow,
            .displaySilent, .siteLost, .siteInvalid, .siteDegraded, .siteOffline, .sitesBrokerOutage, .speedLow:
            return [kind.rawValue, "problem"]
        case .targetRecovered, .targetHealthy, .latencyNormal, .connectionRestored, .sourceBack, .displayBack, .siteBack, .siteRecovered,
            .speedNormal:
            return [kind.rawValue, "recovery"]
        case .newDevice, .gatewayChanged, .siteRemoved: return [kind.rawValue, "change"]
        }
    }
}
