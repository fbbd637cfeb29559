import Foundation
import NetsnapJSON

/// What the event detector remembers between snapshots; stored as JSON in the database so
/// debouncing and "new device" survive restarts.
struct DetectorState: Codable, Sendable, Equatable {
    struct DeviceMemory: Codable, Sendable, Equatable {
        /// The device's stable id: event ids use it, never the MAC (feeds may be public).
        var id: String
        var name: String
        /// Its name in redacted outputs, in English (the events' `data`).
        var publicName: String
        var missing: Int
        /// When it was reported gone (seconds since 1970); nil while present.
        var goneAt: Double?
        /// What `publicName` is made of, to word it in the configured language. Optional, so
        /// states stored before it existed still decode (they keep the English name).
        var publicNameParts: PublicDeviceName? = nil

        var gone: Bool { goneAt != nil }
    }

    var targetFailures: [String: Int] = [:]
    var targetsDown: Set<String> = []
    var slowGatewayCount = 0
    var gatewaySlow = false
    var devices: [String: DeviceMemory] = [:]
    var gatewayKey: String?
    var disconnectedCount = 0
    var disconnected = false
    /// False until the first device list: it is the baseline, not a flood of "new device".
    var hasDeviceBaseline = false
    /// When each failing run began (seconds since 1970): a target by its key, the connection
    /// as "connection"; an outage is dated from it, not from its confirmation. Optional, so
    /// states stored before it existed still decode.
    var failingSince: [String: Double]?
    /// Consecutive observations of each answering target over its loss or jitter threshold,
    /// and those reported degraded. Optional, so states stored before them still decode.
    var degradedCounts: [String: Int]?
    var targetsDegraded: Set<String>?
    /// While the source is lost: when its last data was taken (seconds since 1970).
    /// Optional, so states stored before it existed still decode.
    var sourceLostSince: Double?
    /// The speed result last judged (its `measuredAt`, seconds since 1970), how many results in
    /// a row were short, and whether the line was reported slow. Optional, so states stored
    /// before them still decode.
    var speedJudgedAt: Double?
    var speedShortRuns: Int?
    var speedLow: Bool?

    /// Notes the observation at `at` of `key` failing (or not): the first failure of a run is its start.
    mutating func noteFailing(_ key: String, _ failing: Bool, at: Date) {
        if failing {
            var runs = failingSince ?? [:]
            if runs[key] == nil { runs[key] = at.timeIntervalSince1970 }
            failingSince = runs
        } else {
            failingSince?[key] = nil
        }
    }

    /// When the failing run of `key` began, as RFC 3339, for a down event's data.
    func failingSinceText(_ key: String, or at: Date) -> String {
        RFC3339.format(failingSince?[key].map(Date.init(timeIntervalSince1970:)) ?? at)
    }

    /// Forgets devices gone for longer than `seconds` before `now`, so rotating private
    /// MACs do not grow the state forever.
    mutating func forgetDevices(goneBefore cutoff: Double) {
        devices = devices.filter { _, memory in (memory.goneAt ?? .infinity) >= cutoff }
    }
}
