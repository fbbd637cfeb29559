import NetsnapConfiguration
import NetsnapJSON

/// `netsnap gather`: a snapshot of this host's network, in the snapshot format.
public struct GatherJob: Sendable {
    public var configuration: Configuration
    /// Where to write it ('-' for standard output).
    public var output: String
    /// Also sweep the local subnet (or when `gather.sweep.enabled`).
    public var sweep: Bool
    /// Log each step.
    public var verbose: Bool

    public init(configuration: Configuration, output: String, sweep: Bool, verbose: Bool) {
        self.configuration = configuration
        self.output = output
        self.sweep = sweep
        self.verbose = verbose
    }

    /// Gathers and writes the snapshot; notes go to standard error.
    public func run() async throws(ApplicationFailure) {
        let logger = GatherLogging.logger(verbose: verbose)
        let (snapshot, notes) = await LocalGather(configuration: configuration, logger: logger).snapshot(
            sweep: sweep || configuration.gather.sweep.enabled)
        for note in notes { StandardError.print("note: \(note)") }
        try SingleOutput.write(JSONWriter.bytes(snapshot.jsonValue), to: output)
    }
}
