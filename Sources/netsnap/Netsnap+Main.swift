import ArgumentParser
import Foundation
import NetsnapApp

extension Netsnap {
    /// Runs the command, mapping argument-parser usage errors (its 64) to the documented 2.
    static func main() async {
        guard let arguments = ProcessArguments.current() else {
            exit(
                withError: ExitStatus.usage,
                message:
                    "error: netsnap could not read its command-line arguments (the C runtime passed none and /proc/self/cmdline is unreadable)"
            )
        }
        // `--version` alone is answered before any command is parsed: building the command
        // tree finds each command's name through dynamic casts, 5 ms of a 13 ms start.
        if arguments == ["--version"] { return print(Version.current) }
        do {
            var command = try parse(arguments)
            if var inline = command as? InlineCommand {
                try await inline.run()
            } else if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as ApplicationFailure {
            exit(withError: failure.status, message: failure.message)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                exit(withError: .usage, message: fullMessage(for: error))
            }
            exit(withError: error)
        }
    }

    /// The command the arguments ask for. A command named first is parsed on its own: the
    /// whole tree — every command's configuration, reflected, and a check for a
    /// completion-script request — cost every start about 2.5 ms (docs/performance.md).
    /// Whatever that does not parse (help, a completion script, a usage error) goes through
    /// the whole tree, so it is said exactly as before.
    private static func parse(_ arguments: [String]) throws -> ParsableCommand {
        if let name = arguments.first, !name.hasPrefix("-"),
            let subcommand = subcommands.first(where: { $0._commandName == name })
        {
            // Commands that draw: their libraries load while the arguments are parsed.
            if subcommand == TileCommand.self || subcommand == RenderCommand.self {
                DrawingPreload.start(arguments: arguments, environment: ProcessInfo.processInfo.environment)
            }
            if let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())) { return command }
        }
        return try parseAsRoot(arguments)
    }

    /// Says `message` (when there is one) and exits with `status`: the one place a
    /// command's failure becomes a process's exit code.
    private static func exit(withError status: ExitStatus, message: String) -> Never {
        if !message.isEmpty { StandardError.print(message) }
        Self.exit(withError: ExitCode(status.rawValue))
    }
}
