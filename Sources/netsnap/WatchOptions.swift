import ArgumentParser
import Foundation
import Logging
import NetsnapBuild
import NetsnapHistory
import NetsnapLink
import NetsnapPush
import ServiceLifecycle

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
    var request: WatchRequest {
        WatchRequest(
            configPath: settings.config, input: input, messages: messages, connect: connect, discover: discover, sample: sample,
            gather: gather, sweep: sweep, output: output, state: state, interval: interval, redact: redact, cycles: cycles,
            verbose: verbose)
    }

    func validate() throws { try request.validate() }
}
