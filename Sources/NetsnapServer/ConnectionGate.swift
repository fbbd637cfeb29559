import NIOCore

/// The first handler of every connection, on raw bytes: refuses a peer outside
/// `serve.allowFrom` with a 403, asks the registry for a slot when the connection opens —
/// closing a slow one to make room, or refusing this one with a 503 when its address already
/// holds its share — and starts the request deadline when the first byte of a request arrives.
final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Sent to a refused connection before it is closed: it says why and when to come back.
    static let refusal =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 22\r\n"
        + "Retry-After: 5\r\nConnection: close\r\n\r\ntoo many connections\r\n"

    /// Sent to a peer `serve.allowFrom` does not list, before it is closed; it takes no slot.
    static let forbidden =
        "HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 34\r\n"
        + "Connection: close\r\n\r\nthis address is not in allowFrom\r\n"

    private let ticket: ConnectionTicket
    /// Whom the server lets connect (`serve.allowFrom`; empty: everyone).
    private let allowFrom: [AddressRange]
    private var opened = false
    /// A refused connection's requests are not read: it only gets the 503 (or the 403).
    private var refused = false

    init(ticket: ConnectionTicket, allowFrom: [AddressRange]) {
        self.ticket = ticket
        self.allowFrom = allowFrom
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { open(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        open(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        ticket.bytesArrived()
        context.fireChannelRead(data)
        ticket.readHandled()
    }

    func channelInactive(context: ChannelHandlerContext) {
        ticket.closed()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        ticket.closed()
    }

    private func open(context: ChannelHandlerContext) {
        guard !opened else { return }
        opened = true
        let allowed = allowFrom.admits(context.channel.remoteAddress?.ipAddress)
        guard !allowed || !ticket.admit() else { return }
        refused = true
        let channel = context.channel
        let reply = context.channel.allocator.buffer(string: allowed ? Self.refusal : Self.forbidden)
        context.writeAndFlush(wrapOutboundOut(reply)).whenComplete { _ in channel.close(promise: nil) }
    }
}
