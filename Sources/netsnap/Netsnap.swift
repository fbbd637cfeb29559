import ArgumentParser

/// The `netsnap` command: a table of contents of its subcommands.
@main
struct Netsnap: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "netsnap",
        abstract: "Turn a network's live status into widgets: JSON feeds, HTML pages and PNG tiles.",
        discussion: """
            Quick start: `netsnap render` renders the embedded sample network into Output/.

            Exit codes: 0 ok · 1 input refused · 2 usage or configuration error · \
            3 output could not be written · 4 rendering failed · 5 server could not run · \
            6 no live-link agent found (--discover).
            """,
        version: "0.1.0",
        subcommands: [
            RenderCommand.self, TileCommand.self, GatherCommand.self, WatchCommand.self, ValidateCommand.self, SampleCommand.self,
            BenchCommand.self, ServeCommand.self,
            ConfigCommand.self, HealthCommand.self, MQTTCommand.self,
        ]
    )
}
