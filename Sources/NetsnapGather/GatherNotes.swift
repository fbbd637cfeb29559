import Logging

/// Collects the one-line notes a gather returns (each also logged at info) and logs the
/// debug lines `--verbose` shows, with timings.
struct GatherNotes {
    private let logger: Logger
    private(set) var lines: [String] = []

    init(logger: Logger) { self.logger = logger }

    /// A source that was missing or a probe that failed.
    mutating func add(_ note: String) {
        lines.append(note)
        logger.info("\(note)")
    }

    /// A debug line.
    func log(_ message: String) { logger.debug("\(message)") }

    /// Runs a step and logs its summary with how long it took.
    func timed<Value>(_ step: String, _ body: () -> (Value, String)) -> Value {
        let start = ContinuousClock.now
        let (value, summary) = body()
        logger.debug("\(step): \(summary) (\(Gatherer.format(ContinuousClock.now - start)))")
        return value
    }
}
