import ArgumentParser

extension Netsnap {
    /// Runs the command, mapping argument-parser usage errors (its 64) to the documented 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                exit(withError: ExitStatus.usage, message: fullMessage(for: error))
            }
            exit(withError: error)
        }
    }

    private static func exit(withError code: ExitCode, message: String) -> Never {
        StandardError.print(message)
        Self.exit(withError: code)
    }
}
