import ArgumentParser
import NetsnapApp

/// Where the snapshot comes from: `--input`, `--messages`, `--gather`, or the embedded sample.
struct InputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("A snapshot document to read ('-' for stdin).", valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp("A JSON Lines message stream to fold into a snapshot ('-' for stdin).", valueName: "file"))
    var messages: String?

    @Flag(help: "Gather this host's network now (what the config's gather: section names) instead of reading a snapshot.")
    var gather = false

    @Flag(help: "With --gather: also sweep the local subnet for hosts not in the neighbour table.")
    var sweep = false

    func validate() throws {
        if [input != nil, messages != nil, gather].filter({ $0 }).count > 1 {
            throw ValidationError("use one of --input, --messages or --gather")
        }
        if sweep && !gather { throw ValidationError("--sweep needs --gather") }
    }

    var source: RenderJob.Source {
        if let input { return .document(path: input) }
        if let messages { return .messages(path: messages) }
        if gather { return .gather(sweep: sweep) }
        return .sample
    }
}
