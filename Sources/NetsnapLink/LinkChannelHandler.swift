import NIOCore

/// One connection of the live link, as the last handler of its pipeline (after the line
/// decoder): asks for the status as soon as it is connected, pings every keepalive, hands
/// each line on, and closes the connection when no whole line arrived for the silence
/// window or the agent misbehaves. Time is the event loop's, so tests can advance it. When
/// the connection is gone it completes `ended` with why and whether any line arrived.
final class LinkChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Why a connection ended, for the log and the next attempt's back-off.
    struct Ending: Sendable, Equatable {
        var reason: String
        /// True when at least one line arrived on it.
        var receivedLines: Bool
    }

    static let requestStatus = #"{"type":"requestStatus"}"# + "\n"
    static let ping = #"{"type":"ping"}"# + "\n"

    private let keepalive: TimeAmount
    private let silenceSeconds: Double
    private let silence: TimeAmount
    private let maximumLineBytes: Int
    private let onLine: @Sendable (ByteBuffer) -> Void
    private let ended: EventLoopPromise<Ending>
    private var pings: RepeatedTask?
    private var silenceCheck: Scheduled<Void>?
    private var lastLineAt = NIODeadline.uptimeNanoseconds(0)
    private var reason: String?
    private var receivedLines = false
    private var isFinished = false

    init(
        keepalive: TimeAmount, silenceSeconds: Double, maximumLineBytes: Int, ended: EventLoopPromise<Ending>,
        onLine: @escaping @Sendable (ByteBuffer) -> Void
    ) {
        self.keepalive = keepalive
        self.silenceSeconds = silenceSeconds
        self.silence = .nanoseconds(Int64(silenceSeconds * 1e9))
        self.maximumLineBytes = maximumLineBytes
        self.ended = ended
        self.onLine = onLine
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard pings == nil else { return }
        send(Self.requestStatus, context)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        pings = context.eventLoop.scheduleRepeatedTask(initialDelay: keepalive, delay: keepalive) { _ in
            let (handler, context) = loopBound.value
            handler.send(Self.ping, context)
        }
        lastLineAt = context.eventLoop.now
        checkSilence(at: lastLineAt + silence, context)
    }

    /// At `deadline`, drops the connection if no line came since the last one a window
    /// before; otherwise looks again a window after the latest line.
    private func checkSilence(at deadline: NIODeadline, _ context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        silenceCheck = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            let quietUntil = handler.lastLineAt + handler.silence
            if context.eventLoop.now >= quietUntil {
                handler.drop("nothing received for \(Self.seconds(handler.silenceSeconds))", context)
            } else {
                handler.checkSilence(at: quietUntil, context)
            }
        }
    }

    private func send(_ line: String, _ context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: line)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        receivedLines = true
        lastLineAt = context.eventLoop.now
        onLine(unwrapInboundIn(data))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is ByteToMessageDecoderError.PayloadTooLargeError {
            drop("a line longer than \(Self.size(maximumLineBytes))", context)
        } else {
            drop("\(error)", context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(otherwise: "closed by the agent")
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish(otherwise: "closed")
    }

    /// Stops the pings and tells why the connection ended, once.
    private func finish(otherwise why: String) {
        pings?.cancel()
        pings = nil
        silenceCheck?.cancel()
        silenceCheck = nil
        guard !isFinished else { return }
        isFinished = true
        ended.succeed(Ending(reason: reason ?? why, receivedLines: receivedLines))
    }

    /// Closes the connection, keeping the first reason given.
    private func drop(_ why: String, _ context: ChannelHandlerContext) {
        if reason == nil { reason = why }
        context.close(promise: nil)
    }

    /// "16 MiB", or bytes when it is no whole number of MiB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
