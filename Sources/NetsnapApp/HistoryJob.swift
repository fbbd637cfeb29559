import Foundation
import NetsnapConfiguration
import NetsnapHistory
import NetsnapJSON
import NetsnapModel
import NetsnapWatch

/// `netsnap history list | export | import`: the snapshot archive, looked at, taken out and
/// filled from elsewhere (a NetMonitor export, another netsnap).
public struct HistoryJob: Sendable {
    public var configuration: Configuration

    public init(configuration: Configuration) { self.configuration = configuration }

    /// One line per archived snapshot from `start` to `end`: its time, JSON and stored sizes.
    public func list(from start: String?, until end: String?) throws(ApplicationFailure) -> [String] {
        let store = try open()
        do {
            let entries = try store.archiveEntries(from: try RenderTime.date(start, "--from"), until: try RenderTime.date(end, "--until"))
            return entries.map { "\(RFC3339.format($0.takenAt))  \($0.size) bytes  (\($0.storedSize) stored)" }
        } catch let failure as ApplicationFailure {
            throw failure
        } catch {
            throw ApplicationFailure(error)
        }
    }

    /// The archived snapshots from `start` to `end` as JSON Lines, one snapshot a line, to `output`.
    public func export(from start: String?, until end: String?, to output: FileHandle) throws(ApplicationFailure) {
        let store = try open()
        do {
            try store.forEachArchivedSnapshot(from: try RenderTime.date(start, "--from"), until: try RenderTime.date(end, "--until")) {
                bytes in
                output.write(Data(bytes + [0x0A]))
            }
        } catch let failure as ApplicationFailure {
            throw failure
        } catch {
            throw ApplicationFailure(error)
        }
    }

    /// Each snapshot of the JSON Lines `file` recorded as if watched at its own time (oldest
    /// first): samples, roll-ups, events and the archive, thinned to its tiers at once.
    /// A backfill only extends the history: a snapshot not newer than the newest it already
    /// held (`reached`) is skipped, as is one recorded before, so nothing is duplicated and
    /// no day's samples are reordered. Returns how many were recorded and skipped. The state
    /// folder is locked: no watcher may run meanwhile. Each moment is judged under the
    /// maintenance windows that covered it (the config's and the stored ones, past ones too),
    /// as a watcher would have: an outage inside one is marked and opens no incident.
    public func importSnapshots(file: String) throws(ApplicationFailure) -> (recorded: Int, skipped: Int, reached: Date?) {
        let folder = StateDirectory.resolve(option: configuration.watch.stateDirectory)
        let lock: StateFolderLock
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            lock = try StateFolderLock(folder: folder)
        } catch {
            throw ApplicationFailure(.usage, "error: \(error)")
        }
        defer { withExtendedLifetime(lock) {} }
        let snapshots = try Self.readLines(file).sorted { $0.generatedAt < $1.generatedAt }
        let store = try open()
        let detector = EventDetector(
            failuresBeforeEvent: configuration.watch.failuresBeforeEvent,
            latencyThresholdMs: configuration.render.widgets.latencyThresholdMs,
            lossThresholdPercent: configuration.render.widgets.lossThresholdPercent,
            jitterThresholdMs: configuration.render.widgets.jitterThresholdMs, wording: configuration.render.wording,
            speedAlert: configuration.watch.speedAlert)
        var added = 0
        let reached: Date?
        do {
            reached = try store.newestRecordedAt()
            // The store's own replay check trusts a clock saved every 10 minutes; the newest
            // stored time is exact, so nothing between the two slips in out of order.
            let newer = snapshots.filter { snapshot in reached.map { snapshot.generatedAt > $0 } ?? true }
            let windows =
                try configuration.watch.maintenance + store.maintenanceWindows(endingAfter: newer.first?.generatedAt ?? .distantPast)
            for snapshot in newer {
                let coverage = MaintenanceWindow.coverage(
                    windows, at: snapshot.generatedAt, timeZone: configuration.render.tiles.timeZone, targets: snapshot.targets)
                if try store.record(snapshot, detector: detector, now: nil, maintenance: coverage).isNew { added += 1 }
            }
            try store.writeArchive()
        } catch {
            throw ApplicationFailure(.renderFailed, error.description)
        }
        return (added, snapshots.count - added, reached)
    }

    /// The snapshots of a JSON Lines file; a bad line is refused with its number.
    static func readLines(_ file: String) throws(ApplicationFailure) -> [Snapshot] {
        guard let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
        else { throw ApplicationFailure(.refused, "error: \(file): cannot be read") }
        var snapshots: [Snapshot] = []
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do {
                snapshots.append(try SnapshotDecoder.decode(Array(line)))
            } catch {
                throw ApplicationFailure(.refused, error.inFile("\(file): line \(index + 1)").description)
            }
        }
        return snapshots
    }

    /// The history in the state folder, made when there is none yet.
    func open() throws(ApplicationFailure) -> HistoryStore {
        let folder = StateDirectory.resolve(option: configuration.watch.stateDirectory)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ApplicationFailure(.outputFailed, "error: \(folder): cannot create the state folder (\(error.localizedDescription))")
        }
        do {
            return try HistoryStore.open(path: folder + "/history.sqlite", retention: configuration.watch.retention)
        } catch {
            throw ApplicationFailure(.renderFailed, error.description)
        }
    }
}
