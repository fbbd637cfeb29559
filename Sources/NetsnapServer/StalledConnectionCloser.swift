import NIOCore

/// Closes a connection whose client stops taking its response: once NIO's outbound buffer
/// passes its high-water mark the channel turns unwritable, and if it has not become
/// writable again within the timeout the client is not reading. Such a client would
/// otherwise keep its connection — one of the limited slots — for as long as TCP lets it.
/// Watching writability costs nothing per write, unlike timing every write's completion.
/// (Requests that trickle in and idle connections are `ConnectionTicket`'s job.)
final class StalledConnectionCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            deadline?.cancel()
            deadline = nil
        } else if deadline == nil {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: timeout) { loopBound.value.close(promise: nil) }
        }
        context.fireChannelWritabilityChanged()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }
}
