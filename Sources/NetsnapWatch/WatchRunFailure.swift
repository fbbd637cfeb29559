/// A `watch --cycles N` run in which no cycle succeeded: the outputs were never written, so
/// the run must not end as if all went well. Carries the last cycle's error, whose kind
/// decides the exit code.
public struct WatchRunFailure: Error, CustomStringConvertible {
    /// How many cycles ran (and failed).
    public let cycles: Int
    /// Why the last one failed.
    public let lastError: any Error

    public var description: String {
        "error: none of \(cycles) watch cycles succeeded; the last failed with: \(lastError)"
    }
}
