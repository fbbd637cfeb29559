import ArgumentParser
import NetsnapApp

/// `netsnap validate`: check snapshot files against the contract.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check snapshot documents against the contract; print ok or every error found.",
        discussion: """
            Examples:
              netsnap validate snapshot.json
              netsnap sample | netsnap validate -
              netsnap validate --messages stream.jsonl

            Exit status 1 when any file is refused.
            """
    ).subcommandOfNetsnap

    @Flag(help: "Read the files as JSON Lines message streams.")
    var messages = false

    @Argument(help: ArgumentHelp("Snapshot files ('-' for stdin).", valueName: "file"))
    var files: [String]

    func run() async throws {
        try ValidateJob(files: files, messages: messages).run()
    }
}
