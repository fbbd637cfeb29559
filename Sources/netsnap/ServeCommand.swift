import ArgumentParser
import NetsnapApp
import NetsnapConfiguration

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

    /// The watch loop's flags, shared with `watch`: --input and --messages without --watch
    /// name the snapshot tiles are drawn from; the rest go with --watch.
    @OptionGroup var loop: WatchOptions

    @Flag(
        help:
            "Also run the watch loop in this process: every interval take a snapshot (--input, --messages, --gather or --sample), store it, render every output."
    )
    var watch = false

    @Option(help: ArgumentHelp("Address to bind (default 127.0.0.1).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("Port to listen on (default 8080).", valueName: "port"))
    var port: Int?

    func validate() throws {
        if loop.input != nil && loop.messages != nil { throw ValidationError("use either --input or --messages, not both") }
        if watch {
            try loop.validateRequest()
        } else if loop.gather || loop.sweep || loop.sample || loop.state != nil || loop.redact || loop.connect != nil
            || loop.discover != nil || loop.cycles != nil || loop.sites
        {
            throw ValidationError(
                "--gather, --sweep, --sample, --connect, --discover, --sites, --state, --redact and --cycles go with --watch")
        }
    }

    func run() async throws {
        // With --watch the interval is the loop's, and the health check's yardstick follows it.
        let intervalKey = watch ? SettingPath.watchInterval : .serveInterval
        let configuration = try loop.settings.resolve(
            loop.overrides(intervalKey: intervalKey) + [
                .flag("--host", .serveHost, host), .flag("--port", .servePort, port.map { "\($0)" }),
            ])
        let tileSource: RenderJob.Source? = loop.input.map { .document(path: $0) } ?? loop.messages.map { .messages(path: $0) }
        try await ServeJob(configuration: configuration, watch: watch ? try loop.request() : nil, tileSource: watch ? nil : tileSource)
            .run()
    }
}
