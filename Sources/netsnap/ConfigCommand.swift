import ArgumentParser
import NetsnapApp

/// `netsnap config`: the configuration, looked at without running anything.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, check or document the configuration without running anything.",
        subcommands: [Show.self, Check.self, Reference.self]
    ).subcommandOfNetsnap

    /// `netsnap config show [--config FILE]`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print the effective configuration as YAML, each value with where it came from (default, file:line, env, flag).",
            discussion: "Order: defaults < config file < NETSNAP_* variables < flags. Passwords, tokens and secrets are hidden."
        )

        @OptionGroup var settings: ConfigOptions

        func run() throws {
            print(try ConfigJob.show(ConfigurationRequest(file: settings.config)), terminator: "")
        }
    }

    /// `netsnap config check FILE`: loads the file as every command would.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Load a YAML config file as every command would; print ok, or the error with its line and key.",
            discussion: "Exit status 2 when the file is refused (the status every command gives for it)."
        )

        @Argument(help: ArgumentHelp("The YAML config file.", valueName: "file"))
        var file: String

        func run() throws { print(try ConfigJob.check(file: file)) }
    }

    /// `netsnap config reference`: docs/configuration.md.
    struct Reference: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reference",
            abstract: "Print every configuration key with its type, default, variable and meaning (docs/configuration.md), as Markdown."
        )

        func run() throws { print(ConfigJob.reference, terminator: "") }
    }
}
