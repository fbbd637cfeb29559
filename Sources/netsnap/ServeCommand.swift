import ArgumentParser
import Foundation
import Logging
import NetsnapBuild
import NetsnapServer
import NetsnapText
import NetsnapTiles
import ServiceLifecycle

/// `netsnap serve`: a read-only HTTP server over the output folder.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the output folder over HTTP (read-only), with /api/display, /healthz and /metrics.",
        discussion: """
            Examples:
              netsnap serve                                   # Output/ on http://127.0.0.1:8080
              netsnap serve --output /var/www/netsnap --port 9000 --interval 30
              netsnap serve --input snapshot.json             # tiles on demand from this file
              netsnap serve --watch --input snapshot.json --output DIR --state DIR --port 8080 --interval 30
              netsnap serve --watch --gather                  # gather, store, render and serve in one process
              netsnap serve --watch --connect mac.lan:9000    # follow a NetMonitor Mac over the live link
              netsnap serve --watch --discover --host 0.0.0.0 # find it on the LAN (avahi-daemon)

            Binds 127.0.0.1 unless told otherwise (`--host` or the config's serve.host).
            A bearer token (serve.token in the config) guards everything but the public paths.
            With serve.advertise: true the dashboard is announced on the LAN (_http._tcp).
            """
    ).subcommandOfNetsnap

    @OptionGroup var settings: ConfigOptions

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Output folder to serve (default: Output, or the config's `output`).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Address to bind (default 127.0.0.1).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("Port to listen on (default 8080).", valueName: "port"))
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds between refreshes of the outputs (default: the watch interval, 30): the health check's yardstick.",
            valueName: "seconds"))
    var interval: Double?

    @Option(name: .shortAndLong, help: ArgumentHelp("A snapshot file to draw tiles from, re-read when it changes.", valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp("A JSON Lines message stream file to draw tiles from, re-read when it changes.", valueName: "file"))
    var messages: String?

    @Flag(
        help:
            "Also run the watch loop in this process: every interval take a snapshot (--input, --messages, --gather or --sample), store it, render every output."
    )
    var watch = false

    @Option(help: ArgumentHelp("With --watch: follow a NetMonitor agent over the live link.", valueName: "host:port"))
    var connect: String?

    @Option(
        defaultAsFlag: "", parsing: .next,
        help: ArgumentHelp("With --watch: find the NetMonitor agent on the LAN (the one named, or the only one).", valueName: "name"))
    var discover: String?

    @Flag(help: "With --watch: gather this host's network every cycle.")
    var gather = false

    @Flag(help: "With --watch --gather: sweep the local subnet every cycle.")
    var sweep = false

    @Flag(help: "With --watch: use the embedded sample, re-dated every cycle.")
    var sample = false

    @Option(help: ArgumentHelp("With --watch: state folder for the history database.", valueName: "dir"))
    var state: String?

    @Flag(help: "With --watch: remove public IP, MAC addresses, device IPs and hostnames from every output.")
    var redact = false

    func validate() throws {
        if input != nil && messages != nil { throw ValidationError("use either --input or --messages, not both") }
        if !watch && (gather || sweep || sample || state != nil || redact || connect != nil || discover != nil) {
            throw ValidationError("--gather, --sweep, --sample, --connect, --discover, --state and --redact go with --watch")
        }
        if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be from 0 to 65535") }
        if let interval, !(1...86_400).contains(interval) { throw ValidationError("--interval must be from 1 to 86400 seconds") }
    }

    func run() async throws {
        ResidentMemory.returnLargeBuffersToTheSystem()
        if watch { return try await runWithWatch() }
        var configuration = try settings.load()
        if let output { configuration.outputDirectory = output }
        if let host { configuration.serve.host = host }
        if let port { configuration.serve.port = port }
        if let interval { configuration.serve.intervalSeconds = interval }
        let arguments = ServeSettings(configuration: configuration)
        LoggingSystem.bootstrap { label in EscapingLogHandler.standardError(label: label, level: .info) }
        let metrics = ServerMetrics()
        let advertising = DashboardAdvertising(serve: configuration.serve, logger: Logger(label: "netsnap.serve"))
        defer { advertising.stop() }
        let dependencies = ServerDependencies(
            watchStatus: OutputFolderStatus(directory: arguments.outputDirectory, intervalSeconds: arguments.intervalSeconds),
            metrics: metrics, widgets: try widgetSource(configuration), tiles: try tileRenderer(configuration),
            onListening: { port in advertising.start(port: port) })
        do {
            try await buildApplication(arguments, dependencies: dependencies).runService()
        } catch {
            StandardError.print("error: serve: \(error)")
            throw ExitStatus.serverFailed
        }
    }

    /// `serve --watch`: the watch loop and the server in one process and one service group,
    /// so SIGINT/SIGTERM end both; the server draws tiles from each cycle's widgets.
    private func runWithWatch() async throws {
        let request = WatchRequest(
            configPath: settings.config, input: input, messages: messages, connect: connect, discover: discover, sample: sample,
            gather: gather, sweep: sweep, output: output, state: state, interval: interval, redact: redact)
        try request.validate()
        let published = PublishedWidgets()
        let metrics = ServerMetrics()
        let setup = try request.prepare(onCycle: { result in
            published.publish(result.widgets)
            metrics.record(result.widgets, devices: result.snapshot.devices)
        })
        var configuration = setup.configuration
        if let host { configuration.serve.host = host }
        if let port { configuration.serve.port = port }
        configuration.serve.intervalSeconds = configuration.watchInterval
        // The server checks its folder at start; the loop has not written it yet.
        try? FileManager.default.createDirectory(atPath: configuration.outputDirectory, withIntermediateDirectories: true)
        let advertising = DashboardAdvertising(serve: configuration.serve, logger: setup.logger)
        defer { advertising.stop() }
        let dependencies = ServerDependencies(
            watchStatus: setup.monitor, metrics: metrics,
            widgets: WatchWidgetSource(published: published, folder: OutputFolderWidgetSource(directory: configuration.outputDirectory)),
            tiles: setup.renderer.tiles,
            logger: setup.logger, onListening: { port in advertising.start(port: port) }, push: setup.push?.monitor,
            displayEvents: setup.service.cycle.displayEvents)
        do {
            let application = try buildApplication(ServeSettings(configuration: configuration), dependencies: dependencies)
            let group = ServiceGroup(
                configuration: .init(
                    services: [.init(service: application)] + setup.services,
                    gracefulShutdownSignals: [.sigterm, .sigint], logger: setup.logger))
            try await group.run()
        } catch {
            StandardError.print("error: serve: \(error)")
            throw ExitStatus.serverFailed
        }
    }

    /// The tile renderer when tiles are enabled; its fonts are found once, here.
    private func tileRenderer(_ configuration: NetsnapConfiguration) throws -> TileRenderer? {
        guard configuration.tiles.enabled else { return nil }
        do {
            return TileRenderer(fonts: try FontSystem(configuration: configuration.tiles.fonts))
        } catch {
            StandardError.print("error: tiles: \(error)")
            throw ExitStatus.renderFailed
        }
    }

    /// The snapshot file or stream named on the command line; else what the last `render` or
    /// `watch` left in the output folder.
    private func widgetSource(_ configuration: NetsnapConfiguration) throws -> any WidgetSource {
        let input: SnapshotInput
        if let path = self.input {
            input = .document(path: path)
        } else if let path = messages {
            input = .messages(path: path)
        } else {
            return OutputFolderWidgetSource(directory: configuration.outputDirectory)
        }
        do {
            return try SnapshotFileWidgetSource(input: input, configuration: configuration)
        } catch {
            StandardError.print(error.description)
            throw ExitStatus.usage
        }
    }
}
