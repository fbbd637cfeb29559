import ArgumentParser

/// The documented exit codes.
enum ExitStatus {
    static let inputRefused = ExitCode(1)
    static let usage = ExitCode(2)
    static let outputFailed = ExitCode(3)
    static let renderFailed = ExitCode(4)
    static let serverFailed = ExitCode(5)
    static let sourceNotFound = ExitCode(6)
}
