import NIOCore

/// Closes a connection when NIO's `IdleStateHandler` reports that no write has completed
/// for the request timeout: a client that stops reading its response (or never finishes
/// sending its request, so nothing is written either) would otherwise keep its connection
/// — one of the limited slots — for as long as TCP lets it.
final class StalledConnectionCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .write {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
