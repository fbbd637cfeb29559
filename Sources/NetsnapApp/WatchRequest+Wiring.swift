import Foundation
import Logging
import NetsnapConfiguration
import NetsnapHistory
import NetsnapLink
import NetsnapPush
import NetsnapRender
import NetsnapWatch
import ServiceLifecycle

extension WatchRequest {
    /// The state folder, created and locked, and the history in it; a failure is said on
    /// standard error and ends the command with its exit status.
    static func openStateFolder(configuration: Configuration, logger: Logger) throws -> (StateFolderLock, HistoryStore) {
        let stateDirectory = StateDirectory.resolve(option: configuration.watch.stateDirectory)
        let history: HistoryStore
        let lock: StateFolderLock
        do {
            try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
            lock = try StateFolderLock(folder: stateDirectory)
            history = try Self.openHistory(stateDirectory + "/history.sqlite", configuration: configuration, logger: logger)
        } catch let error as StateFolderLock.Failure {
            throw ApplicationFailure(.usage, error.description)
        } catch let error as HistoryError {
            throw ApplicationFailure(.renderFailed, error.description)
        } catch {
            throw ApplicationFailure(
                .outputFailed, "error: \(stateDirectory): cannot create the state folder (\(error.localizedDescription))")
        }
        return (lock, history)
    }

    /// What the loop reads `source` through: a NetMonitor link's stream, a document, a message
    /// stream, this host's gatherer or the sample; and the link, when there is one.
    func snapshotSource(
        _ source: WatchSource, configuration: Configuration, history: HistoryStore, logger: Logger
    ) throws -> (WatchInput, LiveLink?) {
        switch source {
        case .link(let endpoint):
            let (stream, live) = try LinkSource.make(connect: endpoint, discover: nil, configuration: configuration, logger: logger)
            return (.messages(stream), live)
        case .discover(let name):
            let (stream, live) = try LinkSource.make(connect: nil, discover: name, configuration: configuration, logger: logger)
            return (.messages(stream), live)
        case .document(let path):
            return (.document(path: path), nil)
        case .messages(let path):
            let stream = LiveMessageStream()
            let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
            guard let handle else {
                throw ApplicationFailure(.refused, "error: \(path): no such file")
            }
            stream.start(reading: handle, logger: logger)
            return (.messages(stream), nil)
        case .gather(let sweep):
            return (try gatherInput(sweep: sweep, configuration: configuration, history: history, logger: logger), nil)
        case .sample:
            return (.sample, nil)
        }
    }

    /// This host's gatherer, after it handed its device ids over to the history.
    private func gatherInput(sweep: Bool, configuration: Configuration, history: HistoryStore, logger: Logger) throws -> WatchInput {
        let local = LocalGather(configuration: configuration, logger: Logger(label: "netsnap.gather"), speedInBackground: true)
        do {
            let migrated = try local.migrateState(into: history)
            if migrated > 0 { logger.info("took over device ids from the gatherer's state file", metadata: ["devices": "\(migrated)"]) }
        } catch {
            throw ApplicationFailure(.renderFailed, error.description)
        }
        let sweepEveryCycle = sweep || configuration.gather.sweep.enabled
        return .producer {
            let (snapshot, notes) = await local.snapshot(sweep: sweepEveryCycle)
            for note in notes { logger.debug("gather note", metadata: ["note": "\(note)"]) }
            return snapshot
        }
    }

    /// The history in the state folder; a corrupt file is moved aside (`HistoryStore.open`).
    /// One that cannot be opened at all (a read-only or full folder) gets a stand-in in a
    /// temporary folder, so the loop and the server run and say why; only a database from a
    /// newer netsnap stops the start, untouched.
    private static func openHistory(_ path: String, configuration: Configuration, logger: Logger) throws -> HistoryStore {
        do {
            return try HistoryStore.open(path: path, retention: configuration.watch.retention)
        } catch .newerDatabase(let path, let migrations) {
            throw HistoryError.newerDatabase(path: path, unknownMigrations: migrations)
        } catch {
            let store = try HistoryStore.standIn(for: path, retention: configuration.watch.retention, because: error)
            logger.error(
                "the history cannot be opened; a temporary one stands in", metadata: ["reason": "\(store.standIn?.description ?? "")"])
            return store
        }
    }

    /// Push for the config's `mqtt:` and `notify:` sections; nil when it has neither.
    func makePush(_ configuration: Configuration, history: HistoryStore) throws -> PushService? {
        var notify = configuration.notify
        notify?.redact = configuration.render.redact
        guard configuration.mqtt != nil || notify?.sinks.isEmpty == false else { return nil }
        do {
            return try PushService(
                mqtt: configuration.mqtt, notify: notify, history: history, refreshSeconds: configuration.watch.intervalSeconds,
                softwareVersion: Version.current, wording: configuration.render.wording, logger: Logger(label: "netsnap.push"))
        } catch {
            throw ApplicationFailure(error.cause == .stateDatabase ? .renderFailed : .usage, "error: \(error)")
        }
    }
}
