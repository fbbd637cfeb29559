import ArgumentParser
import NetsnapBuild

/// `netsnap config`: the configuration file, looked at without running anything.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check a configuration file without running anything.",
        subcommands: [Check.self]
    ).subcommandOfNetsnap

    /// `netsnap config check FILE`: loads the file as every command would.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Load a YAML config file as every command would; print ok, or the error with its line and key.",
            discussion: "Exit status 2 when the file is refused (the status every command gives for it)."
        )

        @Argument(help: ArgumentHelp("The YAML config file.", valueName: "file"))
        var file: String

        func run() throws {
            _ = try ConfigOptions.load(path: file)
            print("\(file): ok")
        }
    }
}
