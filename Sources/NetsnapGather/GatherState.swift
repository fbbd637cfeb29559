import Foundation
import NetsnapJSON
import NetsnapModel

/// What the gatherer remembers between runs: a stable id and first/last-seen dates per
/// device MAC, and ids for targets without a fixed one. Kept as a small JSON file until
/// the history store exists.
public struct GatherState: Sendable, Equatable, Codable {
    /// One remembered device.
    public struct Device: Sendable, Equatable, Codable {
        public var id: UUID
        public var mac: String
        /// Last known address, so a FAILED neighbour entry (which has no MAC) can be
        /// matched to the device that went silent.
        public var ip: String?
        public var hostname: String?
        public var firstSeen: String
        public var lastSeen: String
    }

    public var version = 1
    public var devices: [Device] = []
    /// Target state keys (kind, host, port, name…) → ids.
    public var targetIDs: [String: UUID] = [:]

    public init() {}

    /// The file of the state kept before it was kept per network; taken over by the first
    /// network gathered.
    public static let fileName = "gather-state.json"

    /// The state file of `network` (a `HostReadings.networkKey`) inside the state directory.
    public static func fileName(network: String) -> String { "gather-state-\(network).json" }

    /// The state of `network` in `directory`; a missing file is a fresh start (or the state
    /// kept before it was per network), an unreadable one is reported and replaced on the
    /// next save.
    public static func load(directory: String, network: String) -> (state: GatherState, note: String?) {
        let path = "\(directory)/\(fileName(network: network))"
        let legacy = "\(directory)/\(fileName)"
        let source = FileManager.default.fileExists(atPath: path) ? path : legacy
        guard let data = FileManager.default.contents(atPath: source) else { return (GatherState(), nil) }
        do {
            return (try JSONDecoder().decode(GatherState.self, from: data), nil)
        } catch {
            return (GatherState(), "state file \(source) is unreadable (\(error)); device ids start afresh")
        }
    }

    /// Every network's state in `directory`, the legacy file's too (for handing ids to history).
    public static func loadAll(directory: String) -> [GatherState] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("gather-state") && $0.hasSuffix(".json") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: "\(directory)/\(name)").flatMap { try? JSONDecoder().decode(GatherState.self, from: $0) }
        }
    }

    /// True when saving would keep something new: a device, target id, address, name or first
    /// sighting changed, or a last sighting moved by an hour (retention needs no finer one).
    /// A quiet network then writes its state file once an hour, not every cycle.
    public func differsEnoughToSave(from saved: GatherState) -> Bool {
        guard targetIDs == saved.targetIDs, version == saved.version, devices.count == saved.devices.count else { return true }
        let before = Dictionary(saved.devices.map { ($0.mac, $0) }, uniquingKeysWith: { first, _ in first })
        for device in devices {
            guard let old = before[device.mac], old.id == device.id, old.ip == device.ip, old.hostname == device.hostname,
                old.firstSeen == device.firstSeen
            else { return true }
            guard let last = RFC3339.parse(device.lastSeen), let oldLast = RFC3339.parse(old.lastSeen) else { return true }
            if abs(last.timeIntervalSince(oldLast)) >= Self.lastSeenResolution { return true }
        }
        return false
    }

    /// How far a device's last sighting may move before the state is saved again (seconds).
    static let lastSeenResolution: Double = 3600

    /// Writes the state of `network` whole (`StateFile`). The legacy file, once
    /// taken over, is removed.
    public func save(directory: String, network: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try StateFile.write(try encoder.encode(self), to: "\(directory)/\(Self.fileName(network: network))")
        unlink("\(directory)/\(Self.fileName)")
    }
}
