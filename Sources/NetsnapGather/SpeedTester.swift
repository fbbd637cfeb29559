import Foundation
import Logging
import NetsnapJSON
import NetsnapModel

/// Measures the line's speed as often as configured and keeps the newest result, in memory
/// and in the state folder (`speed.json`), so a restart neither forgets it nor measures again
/// early. A watch never waits for a run: a due run starts in the background and its result
/// joins the first snapshot after it ends.
public actor SpeedTester {
    public let configuration: SpeedConfiguration
    private let statePath: String?
    private let logger: Logger
    private var latest: SpeedResult?
    private var lastAttempt: Date?
    private var running: Task<Void, Never>?

    public init(configuration: SpeedConfiguration, stateDirectory: String?, logger: Logger = Logger(label: "netsnap.speed")) {
        self.configuration = configuration
        self.statePath = stateDirectory.map { "\($0)/speed.json" }
        self.logger = logger
        if let statePath, let saved = Self.load(statePath) {
            latest = saved.result
            lastAttempt = saved.lastAttempt
        }
    }

    /// The newest result at `now`. A due run is awaited when `waiting` (a one-off gather);
    /// otherwise it starts in the background and this returns the result before it.
    public func result(now: Date, waiting: Bool) async -> SpeedResult? {
        if isDue(now), running == nil {
            lastAttempt = now
            let task = Task { await self.measure(startedAt: now) }
            running = task
            if waiting { await task.value }
        }
        return latest
    }

    /// Waits for a run in progress (tests; a watch's stop).
    public func settle() async { await running?.value }

    private func isDue(_ now: Date) -> Bool {
        guard let lastAttempt else { return true }
        // A clock set back leaves the last attempt ahead of now: measure rather than wait for it.
        return now < lastAttempt || now.timeIntervalSince(lastAttempt) >= configuration.intervalMinutes * 60
    }

    private func measure(startedAt: Date) async {
        let clock = ContinuousClock.now
        do {
            let result = try await SpeedMeasurement.measure(configuration, now: startedAt)
            let seconds = Double((ContinuousClock.now - clock).components.seconds)
            logger.info(
                "speed measured",
                metadata: [
                    "download": "\(result.downloadMbps.map { "\($0)" } ?? "-") Mbps",
                    "upload": "\(result.uploadMbps.map { "\($0)" } ?? "-") Mbps", "bytes": "\(Int(result.bytesUsed ?? 0))",
                    "seconds": "\(seconds)",
                ])
            latest = result
        } catch {
            logger.warning("speed not measured", metadata: ["reason": "\(error)"])
        }
        running = nil
        save()
    }

    private func save() {
        guard let statePath else { return }
        var members: [(key: String, value: JSONValue)] = []
        if let lastAttempt { members.append(("lastAttempt", .string(RFC3339.format(lastAttempt)))) }
        if let latest { members.append(("result", latest.jsonValue)) }
        do {
            try StateFile.write(Data(JSONWriter.bytes(.object(members))), to: statePath)
        } catch {
            logger.warning("the speed result cannot be kept", metadata: ["path": "\(statePath)", "reason": "\(error)"])
        }
    }

    /// The saved result and attempt; nil for a missing or unreadable file (measured anew).
    private static func load(_ path: String) -> (result: SpeedResult?, lastAttempt: Date?)? {
        guard let data = FileManager.default.contents(atPath: path), let root = try? JSONParser.parse(Array(data)) else { return nil }
        let lastAttempt: Date? = if case .string(let text)? = root["lastAttempt"] { RFC3339.parse(text) } else { nil }
        let result = root["result"].flatMap(SnapshotDecoder.decodeSpeed)
        return (result, lastAttempt)
    }
}
