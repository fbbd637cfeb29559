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

    /// Where the snapshots come from: a NetMonitor link, a document, a message stream, this
    /// host's gatherer or the sample; and the link, when there is one.
    func snapshotSource(configuration: Configuration, history: HistoryStore, logger: Logger) throws -> (WatchInput, LiveLink?) {
        let source: WatchInput
        var link: LiveLink?
        if connect != nil || discover != nil {
            let (stream, live) = try LinkSource.make(
                connect: connect.flatMap(LinkEndpoint.init), discover: discover, configuration: configuration, logger: logger)
            source = .messages(stream)
            link = live
        } else if let input {
            source = .document(path: input)
        } else if let messages {
            let stream = LiveMessageStream()
            let handle = messages == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: messages)
            guard let handle else {
                throw ApplicationFailure(.refused, "error: \(messages): no such file")
            }
            stream.start(reading: handle, logger: logger)
            source = .messages(stream)
        } else if gather {
            let local = LocalGather(configuration: configuration, logger: Logger(label: "netsnap.gather"))
            do {
                let migrated = try local.migrateState(into: history)
                if migrated > 0 { logger.info("took over device ids from the gatherer's state file", metadata: ["devices": "\(migrated)"]) }
            } catch {
                throw ApplicationFailure(.renderFailed, error.description)
            }
            let sweepEveryCycle = sweep || configuration.gather.sweep.enabled
            source = .producer {
                let (snapshot, notes) = await local.snapshot(sweep: sweepEveryCycle)
                for note in notes { logger.debug("gather note", metadata: ["note": "\(note)"]) }
                return snapshot
            }
        } else {
            source = .sample
        }
        return (source, link)
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
            let standIn = try HistoryStore.standIn(for: path, retention: configuration.watch.retention, because: error)
            logger.error("the history cannot be opened; a temporary one stands in", metadata: ["reason": "\(standIn.standInReason ?? "")"])
            return standIn
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
                softwareVersion: Version.current, logger: Logger(label: "netsnap.push"))
        } catch {
            throw ApplicationFailure(error.cause == .stateDatabase ? .renderFailed : .usage, "error: \(error)")
        }
    }
}
