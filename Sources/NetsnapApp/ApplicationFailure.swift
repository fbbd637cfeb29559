/// A command that could not do its job: its exit status and what to say on standard error.
public struct ApplicationFailure: Error, Sendable, CustomStringConvertible {
    public let status: ExitStatus
    public let message: String

    public init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// `error` said as it describes itself, with the status it maps to.
    public init(_ error: any Error) {
        self.init(ExitStatus.of(error), String(describing: error))
    }

    public var description: String { message }
}
