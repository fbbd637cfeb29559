import Hummingbird
import HummingbirdCore
import NIOCore
import NIOPosix
import NetsnapDisplays
import NetsnapTiles

/// The server for `arguments`: routes, middleware and the HTTP/1 channel with its timeouts,
/// connection limits and the guard that keeps slow clients from starving prompt ones. Run it with `runService()` (signals end it cleanly) or add it to a
/// `ServiceGroup` beside the watch loop.
public func buildApplication(
    _ arguments: some ServerArguments, dependencies: ServerDependencies
) throws(ServerError) -> some ApplicationProtocol {
    let displays = DisplayRegistry(stateDirectory: arguments.displayStateDirectory, logger: dependencies.logger)
    let files = try outputFiles(arguments)
    let tiles = tileService(arguments, dependencies: dependencies)
    let wallTiles = WallTileCache()
    let responder = try buildResponder(
        arguments, dependencies: dependencies, displays: displays, files: files, tiles: tiles, wallTiles: wallTiles)
    // The router's own caches, guard and clock: the shortcuts answer only what it would.
    let shortcut = CachedFileShortcut.Shared(
        files: files, accessGuard: AccessGuard(token: arguments.token, publicPaths: arguments.publicPaths), metrics: dependencies.metrics,
        tiles: tiles.map { KeptTiles(service: $0, query: tileQuery(arguments), now: dependencies.now) },
        wallTiles: KeptWallTiles(cache: wallTiles, query: tileQuery(arguments), wallFile: wallFile(arguments), now: dependencies.now))
    let timeout = TimeAmount.nanoseconds(Int64(arguments.requestTimeoutSeconds * 1_000_000_000))
    let headerTimeout = TimeAmount.nanoseconds(Int64(arguments.headerTimeoutSeconds * 1_000_000_000))
    // No idle timeout of Hummingbird's: it counts HTTP parts, which requests answered from
    // the bytes never become; `ConnectionTicket` keeps it on bytes instead.
    let channel = HTTP1Channel.Configuration(additionalChannelHandlers: [StalledConnectionCloser(timeout: timeout)], idleTimeout: nil)
    // Slots, per-address shares, the request deadline and who gives way: `ConnectionRegistry`.
    let registry = ConnectionRegistry(total: arguments.connectionLimit, perAddress: arguments.connectionsPerAddress)
    let server = HTTPServerBuilder { responder in
        GuardedHTTP1Channel(
            responder: responder, configuration: channel, registry: registry, headerTimeout: headerTimeout, idleTimeout: timeout,
            shortcut: shortcut, allowFrom: arguments.allowFrom)
    }
    let onListening = dependencies.onListening
    let schedule = arguments.displaySchedule
    let metrics = dependencies.metrics
    let displayWatcher = DisplayWatcher(
        registry: displays,
        feed: DisplaysFeed(
            lowBatteryPercent: schedule.lowBatteryPercent, defaultRefreshSeconds: schedule.refreshSeconds, redact: arguments.redact,
            periodSeconds: 60),
        outputDirectory: arguments.outputDirectory, now: dependencies.now, logger: dependencies.logger,
        onChange: { [inbox = dependencies.displayEvents, zone = arguments.timeZone, wording = arguments.wording] change in
            inbox?.post(change.event(timeZone: zone, wording: wording))
        },
        onUpdate: { records in metrics.record(records) })
    return Application(
        responder: responder,
        server: server,
        configuration: ApplicationConfiguration(
            address: .hostname(arguments.host, port: arguments.port), serverName: ServerIdentity.name),
        services: [displayWatcher],
        onServerRunning: { channel in await onListening?(channel.localAddress?.port ?? arguments.port) },
        // One event loop serves every connection. Spread over one loop per core, two busy
        // loops and any client or drawing on a two-core board took turns at the scheduler's
        // slice: p99 3.5–4.2 ms against 0.7–1.7 ms on one loop, for the same CPU a request
        // (docs/performance.md). A loop answers some 50,000 kept files a second, far beyond
        // a status server's load; tiles are drawn off the loop, on Swift's task pool.
        eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton.next()),
        logger: dependencies.logger)
}

/// The server's responder: the request pipeline (`ServerResponder`) in front of the output
/// folder and the routes, whose declined paths (a thrown 404) fall back to the folder.
public func buildResponder(
    _ arguments: some ServerArguments, dependencies: ServerDependencies
) throws(ServerError) -> some HTTPResponder<BasicRequestContext> {
    let displays = DisplayRegistry(stateDirectory: arguments.displayStateDirectory, logger: dependencies.logger)
    return try buildResponder(
        arguments, dependencies: dependencies, displays: displays, files: outputFiles(arguments),
        tiles: tileService(arguments, dependencies: dependencies), wallTiles: WallTileCache())
}

/// The tiles drawn on demand, when this build draws them.
private func tileService(_ arguments: some ServerArguments, dependencies: ServerDependencies) -> TileService? {
    guard let source = dependencies.widgets, let provider = dependencies.tiles else { return nil }
    return TileService(source: source, provider: provider, now: dependencies.now, maxAgeSeconds: arguments.maxAgeSeconds)
}

/// How tile paths' queries are read, by the router and the tile shortcut alike.
private func tileQuery(_ arguments: some ServerArguments) -> TileQuery {
    TileQuery(
        timeZone: arguments.timeZone, displayTheme: arguments.displayTheme, dithering: arguments.dithering, qrURL: arguments.qrURL,
        night: arguments.night, nightTimeZone: arguments.nightTimeZone, wording: arguments.wording)
}

/// The output folder's files with their cache, shared by the router and the shortcut.
private func outputFiles(_ arguments: some ServerArguments) throws(ServerError) -> OutputFileResponder {
    guard let folder = OutputFolder(path: arguments.outputDirectory) else {
        throw ServerError(message: "\(arguments.outputDirectory): the output folder does not exist")
    }
    return OutputFileResponder(folder: folder, maxAgeSeconds: arguments.maxAgeSeconds)
}

func buildResponder(
    _ arguments: some ServerArguments, dependencies: ServerDependencies, displays: DisplayRegistry, files: OutputFileResponder,
    tiles: TileService?, wallTiles: WallTileCache
) throws(ServerError) -> some HTTPResponder<BasicRequestContext> {
    let router = Router()
    router.add(middleware: OutputFileMiddleware(files: files))
    HealthController(status: dependencies.watchStatus, metrics: dependencies.metrics, push: dependencies.push, now: dependencies.now)
        .addRoutes(to: router)
    let query = tileQuery(arguments)
    TileController(tiles: tiles, query: query, now: dependencies.now).addRoutes(to: router)
    WallTileController<BasicRequestContext>(
        provider: dependencies.tiles, query: query, wallFile: wallFile(arguments), now: dependencies.now,
        maxAgeSeconds: arguments.maxAgeSeconds, cache: wallTiles
    ).addRoutes(to: router)
    let display = DisplayController<BasicRequestContext>(
        tiles: tiles,
        displayTile: TileRequest(
            target: .display(.trmnl), theme: arguments.displayTheme, timeZone: arguments.timeZone,
            dithering: arguments.dithering, qrURL: arguments.qrURL, wording: arguments.wording),
        files: files, schedule: arguments.displaySchedule, now: dependencies.now, token: arguments.token,
        pairedDevices: arguments.trmnlDevices,
        fallbackAuthority: authority(host: arguments.host, port: arguments.port), registry: displays)
    display.addRoutes(to: router)
    DisplayLogController(display: display).addRoutes(to: router)
    TronbytController<BasicRequestContext>(
        tiles: tiles, query: query, refresh: display.refresh, night: arguments.night, nightTimeZone: arguments.nightTimeZone,
        settings: arguments.tronbyt, now: dependencies.now
    ).addRoutes(to: router)
    return ServerResponder(
        metrics: dependencies.metrics, accessGuard: AccessGuard(token: arguments.token, publicPaths: arguments.publicPaths),
        files: files, routes: router.buildResponder())
}

/// The wall's `sites.json`, which its tiles are drawn from.
private func wallFile(_ arguments: some ServerArguments) -> String {
    "\(arguments.outputDirectory)/\(WallTileController<BasicRequestContext>.wallFile)"
}

/// host:port as it appears in a URL (IPv6 literals in brackets).
private func authority(host: String, port: Int) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
}
