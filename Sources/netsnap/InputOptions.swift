import ArgumentParser
import NetsnapBuild

/// Where the snapshot comes from: `--input`, `--messages`, or the embedded sample.
struct InputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("A snapshot document to read ('-' for stdin).", valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp("A JSON Lines message stream to fold into a snapshot ('-' for stdin).", valueName: "file"))
    var messages: String?

    func validate() throws {
        if input != nil && messages != nil { throw ValidationError("use either --input or --messages, not both") }
    }

    var snapshotInput: SnapshotInput {
        if let input { return .document(path: input) }
        if let messages { return .messages(path: messages) }
        return .sample
    }
}
