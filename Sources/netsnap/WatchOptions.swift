import ArgumentParser
import Foundation
import Logging
import NetsnapBuild
import NetsnapHistory
import NetsnapLink
import NetsnapPush
import ServiceLifecycle

/// The options `watch` (and `serve --watch`) share, and the wiring they turn into.
struct WatchOptions: ParsableArguments {
    @OptionGroup var settings: ConfigOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("A snapshot file to re-read every cycle.", valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp("A JSON Lines message stream to follow ('-' for stdin).", valueName: "file"))
    var messages: String?

    @Option(help: ArgumentHelp("A NetMonitor agent to follow over the live link (reconnects on its own).", valueName: "host:port"))
    var connect: String?

    @Option(
        defaultAsFlag: "", parsing: .next,
        help: ArgumentHelp("Find the NetMonitor agent on the LAN (_netmon._tcp, through avahi-daemon): the one named, or the only one.", valueName: "name"))
    var discover: String?

    @Flag(help: "Use the embedded sample, re-dated every cycle (to try things out).")
    var sample = false

    @Flag(help: "Gather this host's network every cycle (the config's gather: section).")
    var gather = false

    @Flag(help: "With --gather: sweep the local subnet every cycle.")
    var sweep = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Output folder.", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("State folder for the history database.", valueName: "dir"))
    var state: String?

    @Option(help: ArgumentHelp("Seconds between cycles (default 30, or the config's watch.intervalSeconds).", valueName: "seconds"))
    var interval: Double?

    @Flag(help: "Remove public IP, MAC addresses, device IPs and hostnames from every output.")
    var redact = false

    @Option(help: ArgumentHelp("Stop after this many cycles (default: run until SIGINT/SIGTERM).", valueName: "n"))
    var cycles: Int?

    @Flag(name: .shortAndLong, help: "Log every cycle's steps.")
    var verbose = false

    func validate() throws {
        let sources = [input != nil, messages != nil, connect != nil, discover != nil, sample, gather].filter { $0 }.count
        if sources != 1 {
            throw ValidationError("choose one source: --input FILE, --messages FILE|-, --connect HOST:PORT, --discover [NAME], --gather or --sample")
        }
        if let connect, LinkEndpoint(connect) == nil {
            throw ValidationError("--connect expects HOST:PORT (or [IPv6]:PORT) with a port from 1 to 65535, found \"\(connect)\"")
        }
        if sweep && !gather { throw ValidationError("--sweep needs --gather") }
        if let interval, !(interval.isFinite && (1...86_400).contains(interval)) {
            throw ValidationError("--interval must be a number of seconds from 1 to 86400")
        }
    }

    /// What `prepare` wires up.
    struct Setup {
        var service: WatchService
        var monitor: WatchMonitor
        var logger: Logger
        var configuration: NetsnapConfiguration
        var renderer: OutputRenderer
        /// MQTT and notifications, when the config has an `mqtt:` or `notify:` section.
        var push: PushService?
        /// The NetMonitor live link, with `--connect` or `--discover`.
        var link: LiveLink?

        /// The service group's services: push before the loop, so a graceful shutdown ends
        /// the loop first and push after it (ServiceGroup stops services in reverse order).
        var services: [ServiceGroupConfiguration.ServiceConfiguration] {
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
            if let push { services.append(.init(service: push)) }
            if let link { services.append(.init(service: link)) }
            // With --cycles the loop ends on its own: that ends the group, it is not a failure.
            services.append(.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup))
            return services
        }
    }

    /// The configured service, its monitor, logger, configuration, renderer and push; `onCycle`
    /// sees every successful cycle.
    func prepare(onCycle: @escaping @Sendable (WatchCycle.Result) -> Void = { _ in }) throws -> Setup {
        var configuration = try settings.load()
        if let output { configuration.outputDirectory = output }
        if redact { configuration.redact = true }
        if let interval { configuration.watchInterval = interval }
        if let state { configuration.stateDirectory = state }
        let logLevel: Logger.Level = verbose ? .debug : .info
        LoggingSystem.bootstrap { label in EscapingLogHandler.standardError(label: label, level: logLevel) }
        let logger = Logger(label: "netsnap.watch")
        let (lock, history) = try Self.openStateFolder(configuration: configuration, logger: logger)
        let (source, link) = try snapshotSource(configuration: configuration, history: history, logger: logger)
        let monitor = WatchMonitor(interval: configuration.watchInterval)
        let renderer = try RendererLoader.make(configuration)
        let cycle = WatchCycle(renderer: renderer, input: source, history: history)
        var pushConfiguration = configuration
        let stateDirectory = StateDirectory.resolve(option: configuration.stateDirectory)
        pushConfiguration.mqtt?.installationID = InstallationID.load(folder: stateDirectory) ?? InstallationID.make()
        let push = try makePush(pushConfiguration, history: history)
        let service = WatchService(
            cycle: cycle, monitor: monitor, logger: logger, maximumCycles: cycles, lock: lock,
            onCycle: { result in
                // Only queued: push runs in its own task and never holds up the next cycle.
                push?.submit(PushFrame(widgets: result.widgets, events: result.newEvents, now: Date()))
                onCycle(result)
            })
        return Setup(
            service: service, monitor: monitor, logger: logger, configuration: configuration, renderer: renderer, push: push, link: link)
    }

    /// The state folder, created and locked, and the history in it; a failure is said on
    /// standard error and ends the command with its exit status.
    private static func openStateFolder(configuration: NetsnapConfiguration, logger: Logger) throws -> (StateFolderLock, HistoryStore) {
        let stateDirectory = StateDirectory.resolve(option: configuration.stateDirectory)
        let history: HistoryStore
        let lock: StateFolderLock
        do {
            try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
            lock = try StateFolderLock(folder: stateDirectory)
            history = try Self.openHistory(stateDirectory + "/history.sqlite", configuration: configuration, logger: logger)
        } catch let error as StateFolderLock.Failure {
            StandardError.print(error.description)
            throw ExitStatus.usage
        } catch let error as HistoryError {
            StandardError.print(error.description)
            throw ExitStatus.renderFailed
        } catch {
            StandardError.print("error: \(stateDirectory): cannot create the state folder (\(error.localizedDescription))")
            throw ExitStatus.outputFailed
        }
        return (lock, history)
    }

    /// Where the snapshots come from: a NetMonitor link, a document, a message stream, this
    /// host's gatherer or the sample; and the link, when there is one.
    private func snapshotSource(configuration: NetsnapConfiguration, history: HistoryStore, logger: Logger) throws -> (WatchInput, LiveLink?) {
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
                StandardError.print("error: \(messages): no such file")
                throw ExitStatus.inputRefused
            }
            stream.start(reading: handle, logger: logger)
            source = .messages(stream)
        } else if gather {
            let local = LocalGather(configuration: configuration, logger: Logger(label: "netsnap.gather"))
            do {
                let migrated = try local.migrateState(into: history)
                if migrated > 0 { logger.info("took over device ids from the gatherer's state file", metadata: ["devices": "\(migrated)"]) }
            } catch {
                StandardError.print(error.description)
                throw ExitStatus.renderFailed
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
    private static func openHistory(_ path: String, configuration: NetsnapConfiguration, logger: Logger) throws -> HistoryStore {
        do {
            return try HistoryStore.open(path: path, retention: configuration.retention)
        } catch .newerDatabase(let path, let migrations) {
            throw HistoryError.newerDatabase(path: path, unknownMigrations: migrations)
        } catch {
            let standIn = try HistoryStore.standIn(for: path, retention: configuration.retention, because: error)
            logger.error("the history cannot be opened; a temporary one stands in", metadata: ["reason": "\(standIn.standInReason ?? "")"])
            return standIn
        }
    }

    /// Push for the config's `mqtt:` and `notify:` sections; nil when it has neither.
    private func makePush(_ configuration: NetsnapConfiguration, history: HistoryStore) throws -> PushService? {
        var notify = configuration.notify
        notify?.redact = configuration.redact
        guard configuration.mqtt != nil || notify?.sinks.isEmpty == false else { return nil }
        do {
            return try PushService(
                mqtt: configuration.mqtt, notify: notify, history: history, refreshSeconds: configuration.watchInterval,
                softwareVersion: Netsnap.configuration.version, logger: Logger(label: "netsnap.push"))
        } catch {
            StandardError.print("error: \(error)")
            throw error.cause == .stateDatabase ? ExitStatus.renderFailed : ExitStatus.usage
        }
    }
}
