import ArgumentParser
import Foundation
import NetsnapBuild
import NetsnapModel

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
        var refused = false
        for file in files {
            let input: SnapshotInput = messages ? .messages(path: file) : .document(path: file)
            do {
                let snapshot = try SnapshotLoader.load(input, now: Date())
                print("\(input.displayName): ok: \(snapshot.targets.count) targets, \(snapshot.devices.count) devices")
            } catch {
                refused = true
                StandardError.print(error.description)
            }
        }
        if refused { throw ExitStatus.inputRefused }
    }
}
