import ArgumentParser
import NetsnapApp
import NetsnapConfiguration
import NetsnapSettings

/// The options of `watch`; `request` turns them into the loop `WatchRequest` wires up.
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
        help: ArgumentHelp(
            "Find the NetMonitor agent on the LAN (_netmon._tcp, through avahi-daemon): the one named, or the only one.", valueName: "name")
    )
    var discover: String?

    @Flag(help: "Use the embedded sample, re-dated every cycle (to try things out).")
    var sample = false

    @Flag(help: "Gather this host's network every cycle (the config's gather: section).")
    var gather = false

    @Flag(help: "With --gather: sweep the local subnet every cycle.")
    var sweep = false

    @Flag(help: "Also (or, without a source, only) draw the wall of the sites publishing to the sites: (or mqtt:) broker.")
    var sites = false

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

    /// The loop these flags ask for, as a plain value `serve --watch` builds too.
    func request() throws(ApplicationFailure) -> WatchRequest {
        let source = try WatchSource.choose(
            input: input, messages: messages, connect: connect, discover: discover, sample: sample, gather: gather, sweep: sweep)
        return WatchRequest(source: source, cycles: cycles, verbose: verbose, sites: sites)
    }

    /// The flags that are configuration keys; `--interval` sets `intervalKey`.
    func overrides(intervalKey: SettingPath = .watchInterval) -> [ConfigurationOverride?] {
        [
            .flag("--output", .output, output), .flag("--state", .state, state),
            .flag("--interval", intervalKey, interval.map { "\($0)" }),
            .flag("--redact", .redact, on: redact),
        ]
    }

    /// Refuses a loop that names no source or two, or a malformed one (`watch`, `serve --watch`).
    func validateRequest() throws {
        do {
            try request().validate()
        } catch {
            throw ValidationError(error.message)
        }
    }
}
