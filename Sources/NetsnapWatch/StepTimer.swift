import Logging

/// Logs how long each step of a cycle took, at debug level (`--verbose`).
struct StepTimer {
    let logger: Logger
    private var last = ContinuousClock.now

    init(logger: Logger) { self.logger = logger }

    mutating func lap(_ step: String) {
        let now = ContinuousClock.now
        let milliseconds = (now - last).seconds * 1000
        logger.debug("step", metadata: ["step": "\(step)", "ms": "\(Int(milliseconds.rounded()))"])
        last = now
    }
}
