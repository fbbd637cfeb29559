import Logging
import NetsnapConfiguration
import NetsnapOperations
import NetsnapWatch
import ServiceLifecycle

/// `netsnap watch`: every interval take a snapshot, store it in history, render every output,
/// push; until SIGINT/SIGTERM, or `cycles`.
public struct WatchJob: Sendable {
    public var configuration: Configuration
    public var request: WatchRequest

    public init(configuration: Configuration, request: WatchRequest) {
        self.configuration = configuration
        self.request = request
    }

    public func run() async throws(ApplicationFailure) {
        ResidentMemory.returnLargeBuffersToTheSystem()
        try request.validate()
        do {
            let setup = try request.prepare(configuration: configuration)
            let serviceGroup = ServiceGroup(
                configuration: .init(services: setup.services, gracefulShutdownSignals: [.sigterm, .sigint], logger: setup.logger))
            defer { setup.history.close() }
            try await serviceGroup.run()
        } catch let failure as WatchRunFailure {
            // The documented status for why the last cycle failed: the same as `render` gives.
            throw ApplicationFailure(ExitStatus.of(failure.lastError), failure.description)
        } catch {
            throw ApplicationFailure(error)
        }
    }
}
