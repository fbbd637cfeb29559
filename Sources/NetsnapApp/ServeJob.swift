import Foundation
import Logging
import NetsnapConfiguration
import NetsnapOperations
import NetsnapRender
import NetsnapServer
import NetsnapText
import NetsnapTiles
import NetsnapWatch
import ServiceLifecycle

/// `netsnap serve`: a read-only HTTP server over the output folder; with `watch`, the watch
/// loop in the same process and service group, started exactly as `watch` starts it.
public struct ServeJob: Sendable {
    public var configuration: Configuration
    /// The watch loop to run beside the server; nil serves what is in the folder.
    public var watch: WatchRequest?
    /// Without `watch`: a snapshot file or message stream to draw tiles from, re-read when it
    /// changes; nil draws them from what the last `render` or `watch` left in the folder.
    public var tileSource: RenderJob.Source?

    public init(configuration: Configuration, watch: WatchRequest?, tileSource: RenderJob.Source?) {
        self.configuration = configuration
        self.watch = watch
        self.tileSource = tileSource
    }

    public func run() async throws(ApplicationFailure) {
        ResidentMemory.returnLargeBuffersToTheSystem()
        do {
            try ListenAddressCheck.verify(host: configuration.serve.host, port: configuration.serve.port)
        } catch {
            throw ApplicationFailure(.serverFailed, error.description)
        }
        if let watch { return try await runWithWatch(watch) }
        let settings = ServeSettings(
            serve: configuration.serve, render: configuration.render, watch: configuration.watch)
        LoggingSystem.bootstrap { label in EscapingLogHandler.standardError(label: label, level: .info) }
        let advertising = DashboardAdvertising(serve: configuration.serve, logger: Logger(label: "netsnap.serve"))
        defer { advertising.stop() }
        let dependencies = ServerDependencies(
            watchStatus: OutputFolderStatus(directory: settings.outputDirectory, intervalSeconds: settings.intervalSeconds),
            metrics: ServerMetrics(version: Version.current), widgets: try widgetSource(), tiles: try tileRenderer(),
            onListening: { port in advertising.start(port: port) })
        do {
            try await buildApplication(settings, dependencies: dependencies).runService()
        } catch {
            throw ApplicationFailure(.serverFailed, "error: serve: \(error)")
        }
    }

    /// The loop and the server in one service group, so SIGINT/SIGTERM end both; the server
    /// draws tiles from each cycle's widgets.
    private func runWithWatch(_ request: WatchRequest) async throws(ApplicationFailure) {
        try request.validate()
        let published = PublishedWidgets()
        let metrics = ServerMetrics(version: Version.current)
        let setup: WatchRequest.Setup
        do {
            setup = try request.prepare(
                configuration: configuration,
                onCycle: { result in
                    published.publish(result.widgets)
                    metrics.record(result.widgets, devices: result.snapshot.devices)
                })
        } catch {
            throw ApplicationFailure(error)
        }
        defer { setup.history.close() }
        let serve = configuration.serve
        let folder = configuration.render.outputDirectory
        // The server checks its folder at start; the loop has not written it yet.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let advertising = DashboardAdvertising(serve: serve, logger: setup.logger)
        defer { advertising.stop() }
        // No broker connection before the port is bound: a second instance must fail quietly.
        setup.push?.holdConnecting()
        let dependencies = ServerDependencies(
            watchStatus: setup.monitor, metrics: metrics,
            widgets: WatchWidgetSource(published: published, folder: OutputFolderWidgetSource(directory: folder)),
            tiles: setup.renderer.tiles, logger: setup.logger,
            onListening: { port in
                advertising.start(port: port)
                setup.push?.allowConnecting()
            }, push: setup.push?.monitor, displayEvents: setup.service?.cycle.displayEvents)
        do {
            let settings = ServeSettings(serve: serve, render: configuration.render, watch: configuration.watch, loopInProcess: true)
            let application = try buildApplication(settings, dependencies: dependencies)
            let group = ServiceGroup(
                configuration: .init(
                    services: [.init(service: application)] + setup.services, gracefulShutdownSignals: [.sigterm, .sigint],
                    logger: setup.logger))
            try await group.run()
        } catch {
            throw ApplicationFailure(.serverFailed, "error: serve: \(error)")
        }
    }

    /// The tile renderer when tiles are enabled; its fonts are found once, here.
    private func tileRenderer() throws(ApplicationFailure) -> TileRenderer? {
        guard configuration.render.tiles.enabled else { return nil }
        do {
            return TileRenderer(fonts: try FontSystem(configuration: configuration.render.tiles.fonts))
        } catch {
            throw ApplicationFailure(.renderFailed, "error: tiles: \(error)")
        }
    }

    /// The snapshot file or stream asked for; else what the last `render` or `watch` left in
    /// the output folder.
    private func widgetSource() throws(ApplicationFailure) -> any WidgetSource {
        let input: SnapshotInput
        switch tileSource {
        case .document(let path)?: input = .document(path: path)
        case .messages(let path)?: input = .messages(path: path)
        default: return OutputFolderWidgetSource(directory: configuration.render.outputDirectory)
        }
        do {
            return try SnapshotFileWidgetSource(input: input, settings: configuration.render)
        } catch {
            throw ApplicationFailure(.usage, error.description)
        }
    }
}
