import ArgumentParser
import Foundation
import Logging
import NetsnapBuild
import NetsnapHistory
import NetsnapModel
import ServiceLifecycle

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

    func run() async throws {
        ResidentMemory.returnLargeBuffersToTheSystem()
        let setup = try watch.request.prepare()
        let serviceGroup = ServiceGroup(
            configuration: .init(services: setup.services, gracefulShutdownSignals: [.sigterm, .sigint], logger: setup.logger))
        do {
            try await serviceGroup.run()
        } catch let failure as WatchRunFailure {
            StandardError.print(failure.description)
            throw Self.exitStatus(for: failure.lastError)
        }
    }

    /// The documented exit code for why a cycle failed: the same as `render` gives.
    static func exitStatus(for error: any Error) -> ExitCode {
        switch error {
        case is SnapshotError, is WatchError: return ExitStatus.inputRefused
        case is OutputWriteError: return ExitStatus.outputFailed
        default: return ExitStatus.renderFailed
        }
    }
}
