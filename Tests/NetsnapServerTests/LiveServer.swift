import Hummingbird
import Logging
import ServiceLifecycle

/// Runs a fixture's application on a free loopback port for the length of `body`, with its
/// own arguments intact (HummingbirdTesting's `.live` rebinds and drops the connection limit).
enum LiveServer {
    static func run<Value: Sendable>(_ fixture: ServerFixture, _ body: @Sendable (Int) async throws -> Value) async throws
        -> Value
    {
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let application = try fixture.application(onListening: { port in portSink.yield(port) })
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: Logger(label: "live-test"))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            do {
                let value = try await body(port)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }
}
