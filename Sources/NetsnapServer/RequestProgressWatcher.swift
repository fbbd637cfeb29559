import NIOCore
import NIOHTTPTypes

/// Follows requests and responses as HTTP parts and tells the connection's ticket: a head
/// meets the request deadline, each part puts the idle timeout off, a request's end makes
/// the connection one being served, a response's end makes it one waiting again.
final class RequestProgressWatcher: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let ticket: ConnectionTicket

    init(ticket: ConnectionTicket) { self.ticket = ticket }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: ticket.headArrived()
        case .body: ticket.bodyArrived()
        case .end: ticket.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { ticket.responseEnded() }
        context.write(data, promise: promise)
    }
}
