import ArgumentParser
import NetsnapApp

/// `netsnap gather`: a snapshot of this host's network, in the snapshot format.
struct GatherCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gather",
        abstract: "Read this Linux host's network (routes, neighbours, Wi-Fi) and write a snapshot.",
        discussion: """
            Passive by default: it reads /proc, /sys, the kernel over netlink and `iw`, and
            sends nothing. Probes (gateway latency, targets, public IP, a subnet sweep) run only
            when the config's gather: section names them. Missing sources leave their fields
            out, with a note.

            Examples:
              netsnap gather -o snapshot.json
              netsnap gather --config /etc/netsnap/netsnap.yml --sweep -o - | netsnap render --input -
            """
    ).subcommandOfNetsnap

    @OptionGroup var settings: ConfigOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the snapshot ('-' for stdout).", valueName: "file"))
    var output = "-"

    @Flag(help: "Also sweep the local subnet for hosts not in the neighbour table.")
    var sweep = false

    @Flag(name: .shortAndLong, help: "Log each step: what it read and how long it took.")
    var verbose = false

    func run() async throws {
        try await GatherJob(configuration: try settings.resolve(), output: output, sweep: sweep, verbose: verbose).run()
    }
}
