import Foundation
import Logging
import NetsnapRender
import ServiceLifecycle

/// `watch` as a service: a cycle every interval until SIGINT/SIGTERM, which end it after the
/// current cycle. A failing cycle is logged and retried with exponential back-off (capped at
/// the interval); it never ends the loop. A cycle whose source failed still re-renders the
/// last good data (so outputs show its age) but counts as failed.
public struct WatchService: Service, CustomStringConvertible {
    public let cycle: WatchCycle
    public let monitor: WatchMonitor
    public let logger: Logger
    /// Stop after this many cycles (tests and soak runs); nil runs until signalled.
    public let maximumCycles: Int?
    /// The state folder's lock, held as long as the loop (one watcher per folder).
    let lock: StateFolderLock?
    /// Called after each successful cycle (the server publishes the new widgets).
    let onCycle: @Sendable (WatchCycle.Result) -> Void

    public init(
        cycle: WatchCycle, monitor: WatchMonitor, logger: Logger, maximumCycles: Int? = nil, lock: StateFolderLock? = nil,
        onCycle: @escaping @Sendable (WatchCycle.Result) -> Void = { _ in }
    ) {
        self.cycle = cycle
        self.monitor = monitor
        self.logger = logger
        self.maximumCycles = maximumCycles
        self.lock = lock
        self.onCycle = onCycle
    }

    /// Short, because ServiceLifecycle logs it (the default dump spans every template).
    public var description: String {
        "WatchService(every \(cycle.settings.intervalSeconds) s → \(cycle.render.outputDirectory))"
    }

    public func run() async throws {
        let interval = cycle.settings.intervalSeconds
        var backoff = min(1, interval)
        var completed = 0
        logger.info("watch started", metadata: ["interval": "\(interval)", "output": "\(cycle.render.outputDirectory)"])
        let writer = AtomicFileWriter(directory: cycle.render.outputDirectory)
        for path in writer.removeLeftovers(in: writer.outputFolders) {
            logger.notice("removed a temporary file an interrupted run left behind", metadata: ["path": "\(path)"])
        }
        var succeeded = 0
        var lastFailure: (any Error)?
        // Said when it starts and when it ends, not every cycle.
        var historyProblem: String?
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let start = ContinuousClock.now
            var pause = interval
            do {
                let result = try await cycle.run(logger: logger)
                onCycle(result)
                let seconds = (ContinuousClock.now - start).seconds
                // The outputs now show the last good data's age; the cycle still failed.
                if let sourceError = result.sourceError { throw sourceError }
                report(result, seconds: seconds, historyProblem: &historyProblem)
                backoff = min(1, interval)
                pause = max(0, interval - seconds)
                succeeded += 1
            } catch {
                let seconds = (ContinuousClock.now - start).seconds
                monitor.failed("\(error)", seconds: seconds)
                logger.error("cycle failed; retrying", metadata: ["error": "\(error)", "retryIn": "\(backoff)"])
                pause = backoff
                backoff = min(backoff * 2, interval)
                lastFailure = error
            }
            completed += 1
            if let maximumCycles, completed >= maximumCycles { break }
            let sleep = Duration.seconds(pause)
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: sleep) }
            } catch {
                break
            }
        }
        do {
            try cycle.history.writeArchive()
        } catch {
            logger.error("the archive's last snapshots could not be written", metadata: ["error": "\(error)"])
        }
        logger.info("watch stopped", metadata: ["cycles": "\(completed)", "succeeded": "\(succeeded)"])
        // A counted run that never once produced its outputs has failed, whatever stopped it.
        if maximumCycles != nil, succeeded == 0, let lastFailure {
            throw WatchRunFailure(cycles: completed, lastError: lastFailure)
        }
    }
    /// A successful cycle, told to the monitor and the log; a history problem is logged when
    /// it starts and when it ends, not every cycle.
    private func report(_ result: WatchCycle.Result, seconds: Double, historyProblem: inout String?) {
        let online = result.snapshot.targets.filter(\.isOnline).count
        monitor.succeeded(
            at: Date(), seconds: seconds, targetsOnline: online, targetsOffline: result.snapshot.targets.count - online,
            filesWritten: result.changedFiles.count, snapshotAt: result.widgets.snapshotAt,
            expiresAt: result.widgets.expiresAt, historyProblem: result.historyProblem)
        if result.historyProblem != historyProblem {
            if let problem = result.historyProblem {
                logger.error("the history cannot be used; outputs are still rendered", metadata: ["problem": "\(problem)"])
            } else {
                logger.notice("the history is written again")
            }
            historyProblem = result.historyProblem
        }
        logger.info(
            "cycle done",
            metadata: [
                "ms": "\(Int(seconds * 1000))", "changed": "\(result.changedFiles.count)", "events": "\(result.newEvents.count)",
            ])
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
