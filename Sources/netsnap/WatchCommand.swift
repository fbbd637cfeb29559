import ArgumentParser
import NetsnapApp

/// `netsnap watch`: keep every output fresh, remember history, publish events.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Every interval: take a snapshot, store it in history, render every output.",
        discussion: """
            Examples:
              netsnap watch --input /run/netmonitor/snapshot.json --interval 30
              nc mac.lan 9000 | netsnap watch --messages -
              netsnap watch --gather --config /etc/netsnap/netsnap.yml
              netsnap watch --sample --interval 5 --state /tmp/netsnap-state

            Outputs whose bytes did not change are left untouched. SIGINT/SIGTERM end the
            loop after the current cycle. The history database lives in --state, else
            $STATE_DIRECTORY, else $XDG_STATE_HOME/netsnap, else ~/.local/state/netsnap.
            """
    ).subcommandOfNetsnap

    @OptionGroup var watch: WatchOptions

    func validate() throws { try watch.validateRequest() }

    func run() async throws {
        try await WatchJob(configuration: try watch.settings.resolve(watch.overrides()), request: try watch.request()).run()
    }
}
