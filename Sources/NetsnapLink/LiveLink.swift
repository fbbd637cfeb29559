import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle

/// The NetMonitor live link as a service: connects to the agent, speaks the message stream
/// (JSON Lines both ways, see docs/snapshot-format.md), hands every line to `onLine`, and
/// reconnects with back-off whenever the connection fails, drops or goes silent — until
/// graceful shutdown or cancellation.
public struct LiveLink: Service, CustomStringConvertible {
    public let settings: LinkSettings
    /// Where to connect, asked before every attempt (discovery may find the agent elsewhere).
    let endpoint: @Sendable () async throws -> LinkEndpoint
    let onLine: @Sendable (ByteBuffer) -> Void
    let onEvent: @Sendable (LinkEvent) -> Void
    let logger: Logger
    let group: any EventLoopGroup
    /// A number in 0..<1 for the back-off's jitter.
    let random: @Sendable () -> Double

    public init(
        settings: LinkSettings, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        endpoint: @escaping @Sendable () async throws -> LinkEndpoint,
        onEvent: @escaping @Sendable (LinkEvent) -> Void = { _ in },
        onLine: @escaping @Sendable (ByteBuffer) -> Void
    ) {
        self.settings = settings
        self.group = group
        self.logger = logger
        self.random = random
        self.endpoint = endpoint
        self.onEvent = onEvent
        self.onLine = onLine
    }

    public var description: String { "LiveLink" }

    public func run() async throws {
        var schedule = settings.reconnect
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let reason: String
            var agent = "the agent"
            do {
                let target = try await endpoint()
                agent = target.description
                let ending = try await session(target)
                if ending.receivedLines { schedule.reset() }
                reason = ending.reason
            } catch {
                reason = "\(error)"
            }
            if Task.isCancelled || Task.isShuttingDownGracefully { break }
            let pause = schedule.nextPause(unit: random())
            logger.warning(
                "live link down", metadata: ["agent": "\(agent)", "reason": "\(reason)", "retryIn": "\(Self.rounded(pause))"])
            onEvent(.down(reason: "\(agent): \(reason)", retryInSeconds: pause))
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(pause)) }
            } catch {
                break
            }
        }
        logger.info("live link stopped")
    }

    /// One connection, from connect to close.
    private func session(_ target: LinkEndpoint) async throws -> LinkChannelHandler.Ending {
        let eventLoop = group.next()
        let ended = eventLoop.makePromise(of: LinkChannelHandler.Ending.self)
        let settings = settings
        let onLine = onLine
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(.milliseconds(Int64(settings.connectTimeoutSeconds * 1000)))
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel.pipeline.syncOperations, settings: settings, ended: ended, onLine: onLine)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: target.host, port: target.port).get()
        } catch {
            ended.fail(error)
            throw LinkError.connectFailed(Self.plain(error))
        }
        logger.info("live link connected", metadata: ["agent": "\(target)"])
        onEvent(.connected(target))
        return try await withTaskCancellationHandler {
            try await withGracefulShutdownHandler {
                try await ended.futureResult.get()
            } onGracefulShutdown: {
                channel.close(promise: nil)
            }
        } onCancel: {
            channel.close(promise: nil)
        }
    }

    /// The pipeline of one connection: bounded lines, then the link's handler.
    static func configure(
        _ pipeline: ChannelPipeline.SynchronousOperations, settings: LinkSettings, ended: EventLoopPromise<LinkChannelHandler.Ending>,
        onLine: @escaping @Sendable (ByteBuffer) -> Void
    ) throws {
        try pipeline.addHandler(ByteToMessageHandler(LineBasedFrameDecoder(), maximumBufferSize: settings.maximumLineBytes))
        try pipeline.addHandler(
            LinkChannelHandler(
                keepalive: .milliseconds(Int64(settings.keepaliveSeconds * 1000)), silenceSeconds: settings.silenceSeconds,
                maximumLineBytes: settings.maximumLineBytes, ended: ended, onLine: onLine))
    }

    /// A connect error in words ("connection refused"), not NIO's dump.
    static func plain(_ error: any Error) -> String {
        if let connect = error as? NIOConnectionError, let first = connect.connectionErrors.first {
            return plain(first.error)
        }
        if let io = error as? IOError { return io.description }
        if error is ChannelError, case ChannelError.connectTimeout = error { return "timed out" }
        return "\(error)"
    }

    static func rounded(_ seconds: Double) -> String { String(Double(Int(seconds * 10)) / 10) + " s" }
}

/// Why the live link could not connect.
public enum LinkError: Error, CustomStringConvertible {
    case connectFailed(String)

    public var description: String {
        switch self {
        case .connectFailed(let why): "cannot connect: \(why)"
        }
    }
}
