import Foundation
import Logging
import NetsnapConfiguration
import NetsnapHistory
import NetsnapLink
import NetsnapOperations
import NetsnapPush
import NetsnapRender
import NetsnapSites
import NetsnapWatch
import ServiceLifecycle

/// What a watch loop runs from, whichever command asked for it (`watch`, `serve --watch`):
/// where the snapshots come from and how long to run, as plain values; the settings are the
/// resolved `Configuration`. `prepare` turns them into services — no command-line round trip.
public struct WatchRequest: Sendable {
    /// Where the snapshots come from; nil only for a wall of sites alone.
    public var source: WatchSource?
    public var cycles: Int?
    public var verbose: Bool
    /// Also (or only) draw the wall of the sites on the `sites:` broker (`--sites`).
    public var sites: Bool

    public init(source: WatchSource?, cycles: Int? = nil, verbose: Bool = false, sites: Bool = false) {
        self.source = source
        self.cycles = cycles
        self.verbose = verbose
        self.sites = sites
    }

    /// Refuses a request that names no source without `--sites`.
    public func validate() throws(ApplicationFailure) {
        if source == nil && !sites {
            throw ApplicationFailure(
                .usage,
                "choose one source: --input FILE, --messages FILE|-, --connect HOST:PORT, --discover [NAME], --gather or --sample"
                    + " (or --sites alone)")
        }
    }

    /// What `prepare` wires up.
    struct Setup {
        /// The watch loop; nil with `--sites` and no source.
        var service: WatchService?
        /// The wall of sites, with `--sites`.
        var sites: SitesService?
        var monitor: WatchMonitor
        var logger: Logger
        var configuration: Configuration
        var renderer: OutputRenderer
        /// MQTT and notifications, when the config has an `mqtt:` or `notify:` section.
        var push: PushService?
        /// The NetMonitor live link, with `--connect` or `--discover`.
        var link: LiveLink?
        /// The history in the state folder; `close()` it once the services have ended.
        var history: HistoryStore

        /// The service group's services: push before the loop, so a graceful shutdown ends
        /// the loop first and push after it (ServiceGroup stops services in reverse order).
        var services: [ServiceGroupConfiguration.ServiceConfiguration] {
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
            if let push { services.append(.init(service: push)) }
            if let link { services.append(.init(service: link)) }
            // With --cycles the loops end on their own: that ends the group, it is not a failure.
            if let sites { services.append(.init(service: sites, successTerminationBehavior: .gracefullyShutdownGroup)) }
            if let service { services.append(.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)) }
            return services
        }
    }

    /// The configured service, its monitor, logger, configuration, renderer and push; `onCycle`
    /// sees every successful cycle.
    func prepare(configuration: Configuration, onCycle: @escaping @Sendable (WatchCycle.Result) -> Void = { _ in }) throws -> Setup {
        let logLevel: Logger.Level = verbose ? .debug : .info
        LoggingSystem.bootstrap { label in EscapingLogHandler.standardError(label: label, level: logLevel) }
        let logger = Logger(label: "netsnap.watch")
        let (lock, history) = try Self.openStateFolder(configuration: configuration, logger: logger)
        let monitor = WatchMonitor(interval: configuration.watch.intervalSeconds)
        let renderer = try RendererLoader.make(configuration)
        var pushConfiguration = configuration
        let stateDirectory = StateDirectory.resolve(option: configuration.watch.stateDirectory)
        let installationID = InstallationID.load(folder: stateDirectory) ?? InstallationID.make()
        pushConfiguration.mqtt?.installationID = installationID
        if configuration.render.redact { pushConfiguration.mqtt?.redactSnapshot = true }
        let push = try makePush(pushConfiguration, history: history)
        let sitesService = try makeSites(
            configuration, installationID: installationID, renderer: renderer, history: history, push: push, lock: lock,
            monitor: monitor)
        var service: WatchService?
        var link: LiveLink?
        if let source {
            let (source, live) = try snapshotSource(source, configuration: configuration, history: history, logger: logger)
            link = live
            let cycle = WatchCycle(renderer: renderer, input: source, history: history, settings: configuration.watch)
            let firstCycle = FirstTime()
            service = WatchService(
                cycle: cycle, monitor: monitor, logger: logger, maximumCycles: cycles, lock: lock,
                onCycle: { result in
                    // Only queued: push runs in its own task and never holds up the next cycle.
                    // Nothing is notified of what is under maintenance.
                    let events = result.newEvents.filter { !HistoryStore.isMaintenance($0) }
                    push?.submit(
                        PushFrame(
                            widgets: result.widgets, events: events, now: Date(), snapshot: result.snapshot, displays: result.displays))
                    onCycle(result)
                    if firstCycle.claim() { ResidentMemory.releasePagesUsedOnlyAtStart() }
                })
        }
        return Setup(
            service: service, sites: sitesService, monitor: monitor, logger: logger, configuration: configuration, renderer: renderer,
            push: push, link: link, history: history)
    }
}
