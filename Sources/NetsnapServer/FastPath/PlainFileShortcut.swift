import HTTPTypes
import NIOCore
import Prometheus

/// Answers a plain request for a cached, unchanged output file or a kept tile from the bytes
/// themselves, before the HTTP parser: the request is one `PlainFileRequest`, the answer the
/// very head and bytes `CachedFileShortcut` sends, written whole. A plain request for anything else
/// (a file not read yet, a route) goes to the parser, and the next may be answered here
/// once its response has ended. A connection that sends anything but a plain request — a
/// partial one, two at once, a conditional one — goes through the parser from then on, as
/// the parser may hold part of a request: nothing on it is answered out of order.
///
/// Why: behind the parser a cached tile still crossed six handlers in and five out, with
/// HTTP/1 and HTTP Types conversions both ways — 18–19 µs of CPU a request against nginx's
/// 13 µs on the same file (docs/performance.md).
///
/// It sits right behind `ConnectionGate` and tells the connection's ticket what the parser's
/// side would: a request read, answered, and the connection waiting again.
final class PlainFileShortcut: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let shared: CachedFileShortcut.Shared
    private let ticket: ConnectionTicket
    /// Set for good once anything but a plain request went to the parser.
    private var passingThrough = false
    /// Whether a read went on to the parser since the last read-complete: only then do the
    /// handlers behind (a dozen, Hummingbird's) need to hear of it. Answering here, passing
    /// it through them was a tenth of an answer's retains and releases.
    private var passedOnSinceReadComplete = false
    /// The request counter of the last answer's labels, so the next with the same skips the
    /// registry's locked lookup.
    private var lastCounter: (handler: RequestHandler, isHead: Bool, counter: Counter)?
    private var date = HTTPDateLine()
    /// The last head sent, kept while the file and the second are the same.
    private var lastHead: (representation: Representation, date: String, bytes: ByteBuffer)?

    init(_ shared: CachedFileShortcut.Shared, ticket: ConnectionTicket) {
        self.shared = shared
        self.ticket = ticket
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !passingThrough else { return passOn(data, context: context) }
        let start = ContinuousClock.now
        guard let request = unwrapInboundIn(data).withUnsafeReadableBytes({ PlainFileRequest($0) }) else {
            passingThrough = true
            return passOn(data, context: context)
        }
        // While the parser's side still owes a response, this one must wait its turn there.
        // A plain request carries no credentials: with a token, only public paths pass.
        if !ticket.isAnswering, let kept = shared.keptAnswer(path: request.path, rawQuery: request.query, headers: [:]) {
            answer(request, with: kept.representation, handler: kept.handler, start: start, context: context)
        } else {
            passOn(data, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard passedOnSinceReadComplete else { return }
        passedOnSinceReadComplete = false
        context.fireChannelReadComplete()
    }

    private func passOn(_ data: NIOAny, context: ChannelHandlerContext) {
        passedOnSinceReadComplete = true
        context.fireChannelRead(data)
    }

    private func answer(
        _ request: PlainFileRequest, with representation: Representation, handler: RequestHandler, start: ContinuousClock.Instant,
        context: ChannelHandlerContext
    ) {
        context.write(wrapOutboundOut(head(for: representation, allocator: context.channel.allocator)), promise: nil)
        if !request.isHead { context.write(wrapOutboundOut(representation.bytes), promise: nil) }
        context.flush()
        ticket.answeredAtOnce()
        shared.metrics.recordRequest(counter: counter(handler: handler, isHead: request.isHead), duration: .now - start)
    }

    private func counter(handler: RequestHandler, isHead: Bool) -> Counter {
        if let lastCounter, lastCounter.handler == handler, lastCounter.isHead == isHead { return lastCounter.counter }
        let counter = shared.metrics.requestCounter(handler: handler, method: isHead ? .head : .get, status: 200)
        lastCounter = (handler, isHead, counter)
        return counter
    }

    /// "HTTP/1.1 200 OK" and the fields of `Representation.okHead`, as the HTTP/1 encoder writes them.
    private func head(for representation: Representation, allocator: ByteBufferAllocator) -> ByteBuffer {
        let now = date.current()
        if let lastHead, lastHead.representation === representation, lastHead.date == now { return lastHead.bytes }
        var bytes = allocator.buffer(capacity: 320)
        bytes.writeStaticString("HTTP/1.1 200 OK\r\n")
        for field in representation.okHead(date: now, server: ServerIdentity.name).headerFields {
            bytes.writeString(field.name.rawName)
            bytes.writeStaticString(": ")
            bytes.writeString(field.value)
            bytes.writeStaticString("\r\n")
        }
        bytes.writeStaticString("\r\n")
        lastHead = (representation, now, bytes)
        return bytes
    }
}
