import Foundation
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

    /// The state file's name inside the state directory.
    public static let fileName = "gather-state.json"

    /// The state in `directory`; a missing file is a fresh start, an unreadable one is
    /// reported and replaced on the next save.
    public static func load(directory: String) -> (state: GatherState, note: String?) {
        let path = "\(directory)/\(fileName)"
        guard let data = FileManager.default.contents(atPath: path) else { return (GatherState(), nil) }
        do {
            return (try JSONDecoder().decode(GatherState.self, from: data), nil)
        } catch {
            return (GatherState(), "state file \(path) is unreadable (\(error)); device ids start afresh")
        }
    }

    /// Writes the state atomically: a temporary file in the same directory renamed over
    /// the old one, so a crash never leaves half a file.
    public func save(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        let path = "\(directory)/\(Self.fileName)"
        let temporary = "\(path).tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary])
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: reason])
        }
    }

    /// The default state directory: `/var/lib/netsnap` for root, else the XDG state home.
    public static func defaultDirectory() -> String {
        if getuid() == 0 { return "/var/lib/netsnap" }
        let environment = ProcessInfo.processInfo.environment
        if let stateHome = environment["XDG_STATE_HOME"], !stateHome.isEmpty { return "\(stateHome)/netsnap" }
        return "\(environment["HOME"] ?? NSTemporaryDirectory())/.local/state/netsnap"
    }
}
