import ArgumentParser
import Foundation
import Logging
import NetsnapBuild
import NetsnapHistory
import NetsnapLink
import NetsnapPush
import ServiceLifecycle

/// What a watch loop runs from, whichever command asked for it (`watch`, `serve --watch`):
/// plain values, validated once, turned into services by `prepare` — no command-line round trip.
struct WatchRequest: Sendable {
    var configPath: String?
    var input: String?
    var messages: String?
    var connect: String?
    var discover: String?
    var sample = false
    var gather = false
    var sweep = false
    var output: String?
    var state: String?
    var interval: Double?
    var redact = false
    var cycles: Int?
    var verbose = false

    /// Refuses a request that names no source or two, or a malformed one.
    func validate() throws {
        let sources = [input != nil, messages != nil, connect != nil, discover != nil, sample, gather].filter { $0 }.count
        if sources != 1 {
            throw ValidationError(
                "choose one source: --input FILE, --messages FILE|-, --connect HOST:PORT, --discover [NAME], --gather or --sample")
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
        var configuration = try ConfigOptions.load(path: configPath)
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
                push?.submit(PushFrame(widgets: result.widgets, events: result.newEvents, now: Date(), displays: result.displays))
                onCycle(result)
            })
        return Setup(
            service: service, monitor: monitor, logger: logger, configuration: configuration, renderer: renderer, push: push, link: link)
    }
}
