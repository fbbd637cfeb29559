// netsnap, the executable: parses the command line (ArgumentParser) and hands each command to
// NetsnapApp; it holds no application logic.

import ArgumentParser
import NetsnapApp

/// The `netsnap` command: a table of contents of its subcommands.
@main
struct Netsnap: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "netsnap",
        abstract: "Turn a network's live status into widgets: JSON feeds, HTML pages and PNG tiles.",
        discussion: """
            Quick start: `netsnap render` renders the embedded sample network into Output/.

            Exit codes: 0 ok · \(ExitStatus.summary).
            """,
        version: Version.current,
        subcommands: subcommands
    )

    /// The commands, apart from the root's configuration: a command named first is found
    /// here without building that configuration and its help text (docs/performance.md).
    static let subcommands: [any ParsableCommand.Type] = [
        RenderCommand.self, TileCommand.self, GatherCommand.self, WatchCommand.self, ValidateCommand.self, SampleCommand.self,
        BenchCommand.self, ServeCommand.self,
        ConfigCommand.self, HealthCommand.self, HistoryCommand.self, IncidentCommand.self, MaintenanceCommand.self, MQTTCommand.self,
        SitesCommand.self, HomeAssistantAppCommand.self,
    ]
}
