import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers a request for an output file already in the cache, unchanged, straight from the
/// connection's event loop: a lookup and a write. Everything else — routes, conditional
/// requests, files not read yet, `Connection: close` — goes on to Hummingbird as before.
///
/// Why: through the router a cached tile cost a hop from the event loop to Swift's task pool
/// and back, and generic code looked up per request; that was a fifth of nginx's speed lost
/// on the same file (docs/performance.md).
///
/// HTTP/1 answers in order, so a request is only answered here while Hummingbird owes no
/// response on this connection; otherwise it takes its turn there. It sits behind
/// Hummingbird's connection-state handler and the progress watcher, so both see every
/// request and response, these ones too.
final class CachedFileShortcut: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What a shortcut needs of the server: the same cache, guard and metrics the router's
    /// path uses.
    struct Files: Sendable {
        let files: OutputFileResponder
        let accessGuard: AccessGuard
        let metrics: ServerMetrics
    }

    private let shared: Files
    /// Requests handed to Hummingbird whose response has not ended yet.
    private var responsesOwed = 0
    /// Between a head handed on and its end: the rest of that request goes on too.
    private var forwardingRequest = false
    /// A request answered here, waiting for its end: (representation, method, start).
    private var answering: (representation: Representation, method: HTTPRequest.Method, start: ContinuousClock.Instant)?
    private var date = HTTPDateLine()
    /// The last head sent, reused while the file and the second are the same: building one
    /// copies and extends the file's header fields.
    private var lastHead: (representation: Representation, date: String, head: HTTPResponse)?

    init(_ shared: Files) { self.shared = shared }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if !forwardingRequest, responsesOwed == 0, let representation = cachedRepresentation(for: request) {
                answering = (representation, request.method, .now)
                return
            }
            forwardingRequest = true
            responsesOwed += 1
        case .body:
            if answering != nil { return }
        case .end:
            if let answering {
                self.answering = nil
                answer(answering.representation, method: answering.method, start: answering.start, context: context)
                return
            }
            forwardingRequest = false
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { responsesOwed = max(0, responsesOwed - 1) }
        context.write(data, promise: promise)
    }

    /// The cached file a plain GET or HEAD asks for, when this request may have it as is.
    private func cachedRepresentation(for request: HTTPRequest) -> Representation? {
        guard request.method == .get || request.method == .head, let path = request.path,
            !path.utf8.contains(UInt8(ascii: "?")),
            request.headerFields[.connection] == nil, request.headerFields[.ifNoneMatch] == nil,
            request.headerFields[.ifModifiedSince] == nil,
            shared.accessGuard.admission(path: path, headers: request.headerFields).isFileAnswer
        else { return nil }
        return shared.files.cachedRepresentation(ofRawPath: path)
    }

    private func answer(
        _ representation: Representation, method: HTTPRequest.Method, start: ContinuousClock.Instant, context: ChannelHandlerContext
    ) {
        context.write(wrapOutboundOut(.head(head(for: representation))), promise: nil)
        if method != .head { context.write(wrapOutboundOut(.body(representation.bytes)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        shared.metrics.recordRequest(handler: .files, method: method, status: 200, duration: .now - start)
    }

    private func head(for representation: Representation) -> HTTPResponse {
        let now = date.current()
        if let lastHead, lastHead.representation === representation, lastHead.date == now { return lastHead.head }
        let head = representation.okHead(date: now, server: ServerIdentity.name)
        lastHead = (representation, now, head)
        return head
    }
}
